/// How pinboard writes a path the system hands over as bytes, in messages and manifests.
///
/// Linux file names are bytes, not text: a name written by an old camera or another
/// system may hold bytes that are not UTF-8, and a Swift `String` made from them would
/// replace each with U+FFFD, so two files could share one spelling and neither could be
/// opened by it. The spelling keeps every byte instead, and reads back unambiguously:
///
/// - valid UTF-8 stays as it is (`café.png`);
/// - a byte that is not part of valid UTF-8 is written `\xNN`, two uppercase hex digits
///   (`caf\xE9.png` for Latin-1 `café.png`);
/// - a backslash is written twice (`a\\b.png`), so `\x` in a spelling always means a byte.
///
/// The spelling is text for people and JSON; the file is opened through its bytes (see
/// `FileSystem.location(of:)`).
package enum PathSpelling {
    /// The spelling of `bytes`, as the type describes.
    package static func spelling(of bytes: some Collection<UInt8>) -> String {
        var text = ""
        var rest = bytes[...]
        while !rest.isEmpty {
            let valid = validPrefixLength(of: rest)
            if valid > 0 {
                let end = rest.index(rest.startIndex, offsetBy: valid)
                text += String(decoding: rest[..<end], as: UTF8.self).replacing("\\", with: "\\\\")
                rest = rest[end...]
            } else if let byte = rest.first {
                text += "\\x" + hexDigits(byte)
                rest = rest.dropFirst()
            }
        }
        return text
    }

    /// The bytes a spelling stands for: the inverse of `spelling(of:)`.
    package static func bytes(of spelling: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var rest = Substring(spelling)
        while let backslash = rest.firstIndex(of: "\\") {
            bytes += rest[..<backslash].utf8
            let escape = rest[backslash...].dropFirst()
            if escape.hasPrefix("x"), escape.count >= 3, let byte = UInt8(escape.dropFirst().prefix(2), radix: 16) {
                bytes.append(byte)
                rest = escape.dropFirst(3)
            } else {
                bytes.append(UInt8(ascii: "\\"))
                rest = escape.hasPrefix("\\") ? escape.dropFirst() : escape
            }
        }
        return bytes + rest.utf8
    }

    /// How many leading bytes of `bytes` are whole, valid UTF-8 sequences.
    private static func validPrefixLength(of bytes: some Collection<UInt8>) -> Int {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var length = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                length += UTF8.width(scalar)
            case .emptyInput, .error:
                return length
            }
        }
    }

    private static func hexDigits(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
