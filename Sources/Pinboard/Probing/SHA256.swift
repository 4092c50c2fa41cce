import CDigest

/// A SHA-256 being computed, fed in pieces of any size.
///
/// A value type over CDigest's context, so the C code (and its choice of the SHA
/// extensions) stays behind three calls and the digest comes out as the manifest
/// writes it.
struct SHA256 {
    private var context = cdigest_sha256()

    init() {
        cdigest_sha256_init(&context)
    }

    /// Adds `bytes` to the message.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        cdigest_sha256_update(&context, bytes.baseAddress, bytes.count)
    }

    /// The digest of everything fed so far as 64 lowercase hex digits.
    ///
    /// Works on a copy, so the value can go on being fed afterwards.
    func finalize() -> String {
        var finishing = context
        var digest = [UInt8](repeating: 0, count: 32)
        digest.withUnsafeMutableBufferPointer { cdigest_sha256_final(&finishing, $0.baseAddress) }
        return Self.hex(digest)
    }

    /// `bytes` as lowercase hex digits, two per byte.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
