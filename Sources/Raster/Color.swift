/// An 8-bit RGBA colour with straight (not premultiplied) alpha: a sheet's background or a
/// placeholder's fill.
///
/// Colours are written the way the command line and the manifest spell them:
/// `#rgb`, `#rrggbb`, `#rrggbbaa` (the `#` optional) or `transparent`; `description` is always the canonical
/// lowercase `#rrggbbaa`, so a manifest names a colour one way only.
///
/// ```swift
/// let paper = try Color(parsing: "#fff")
/// paper.description   // "#ffffffff"
/// ```
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// No colour at all: transparent black, which is what `transparent` parses to.
    public static let transparent = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let white = Color(red: 255, green: 255, blue: 255)
    public static let black = Color(red: 0, green: 0, blue: 0)

    /// Whether the colour covers whatever lies beneath it completely.
    public var isOpaque: Bool { alpha == 255 }

    /// Parses `#rrggbbaa`, `#rrggbb`, `#rgb` or `transparent`, in either case.
    ///
    /// A short `#rgb` doubles each digit, as CSS does, so `#f80` is `#ff8800ff`.
    ///
    /// - Parameter text: The colour as the user wrote it.
    /// - Throws: `ColorParseError.malformed` quoting `text` when it is none of those forms.
    public init(parsing text: String) throws(ColorParseError) {
        if text.lowercased() == "transparent" {
            self = .transparent
            return
        }
        // The `#` may be left out: unquoted, it starts a comment in the shell.
        let utf8 = Array(text.utf8)
        let hex = utf8.first == UInt8(ascii: "#") ? utf8.dropFirst() : utf8[...]
        var digits: [UInt8] = []
        digits.reserveCapacity(8)
        for byte in hex {
            guard let digit = Color.hexValue(byte) else { throw .malformed(text) }
            digits.append(digit)
        }
        switch digits.count {
        case 3:
            self.init(red: digits[0] * 17, green: digits[1] * 17, blue: digits[2] * 17)
        case 6:
            self.init(red: digits[0] << 4 | digits[1], green: digits[2] << 4 | digits[3], blue: digits[4] << 4 | digits[5])
        case 8:
            self.init(
                red: digits[0] << 4 | digits[1], green: digits[2] << 4 | digits[3],
                blue: digits[4] << 4 | digits[5], alpha: digits[6] << 4 | digits[7])
        default:
            throw .malformed(text)
        }
    }

    /// The canonical spelling, `#rrggbbaa` in lowercase.
    public var description: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = [UInt8(ascii: "#")]
        for channel in [red, green, blue, alpha] {
            text.append(digits[Int(channel >> 4)])
            text.append(digits[Int(channel & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
