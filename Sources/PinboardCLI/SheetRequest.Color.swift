extension SheetRequest {
    /// A background color, 8 bits per channel, alpha not premultiplied.
    ///
    /// Spelled `#rgb`, `#rrggbb` or `#rrggbbaa` in hexadecimal digits of either case, or
    /// `transparent`. The `#` may be left out, because an unquoted `#` at the start of a
    /// word begins a comment in the shell.
    struct Color: Equatable, Sendable, ExpressibleByArgument {
        var red: UInt8
        var green: UInt8
        var blue: UInt8
        var alpha: UInt8

        static let white = Color(red: 255, green: 255, blue: 255, alpha: 255)
        static let transparent = Color(red: 0, green: 0, blue: 0, alpha: 0)

        init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        init?(argument: String) {
            if argument.lowercased() == "transparent" {
                self = .transparent
                return
            }
            let digits = argument.hasPrefix("#") ? argument.dropFirst() : Substring(argument)
            guard [3, 6, 8].contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isHexDigit }),
                  let bits = UInt32(digits, radix: 16)
            else {
                return nil
            }
            let nibble = { (shift: UInt32) in UInt8(truncatingIfNeeded: bits >> shift & 0xF) * 17 }
            let byte = { (shift: UInt32) in UInt8(truncatingIfNeeded: bits >> shift) }
            switch digits.count {
            case 3: self.init(red: nibble(8), green: nibble(4), blue: nibble(0), alpha: 255)
            case 6: self.init(red: byte(16), green: byte(8), blue: byte(0), alpha: 255)
            default: self.init(red: byte(24), green: byte(16), blue: byte(8), alpha: byte(0))
            }
        }

        static var expectation: String {
            "#rgb, #rrggbb, #rrggbbaa or transparent"
        }

        /// `transparent`, `#rrggbb` when opaque, `#rrggbbaa` otherwise.
        var defaultValueDescription: String {
            if self == .transparent {
                return "transparent"
            }
            let channels = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
            return "#" + channels.map { hex($0) }.joined()
        }

        private func hex(_ channel: UInt8) -> String {
            let digits = String(channel, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }
    }
}
