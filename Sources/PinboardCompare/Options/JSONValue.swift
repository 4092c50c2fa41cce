/// A JSON value as a settings file holds it: what `ComparisonSetting.Reader` reads a
/// setting from. Decoded only after `ComparisonConfig` has checked the text's size and depth.
public enum JSONValue: Sendable, Hashable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let on = try? container.decode(Bool.self) {
            self = .bool(on)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([JSONValue].self) {
            self = .array(items)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The value as an integer: a number with no fraction that an `Int` holds exactly.
    var integer: Int? {
        guard case .number(let number) = self, number.rounded() == number, abs(number) < 9_007_199_254_740_992 else { return nil }
        return Int(number)
    }

    /// The deepest nesting of arrays and objects in `bytes`, JSON text, counted before it is
    /// parsed, so a hostile file of a million `[` never reaches a recursive parser. Brackets
    /// inside strings do not count.
    static func depth(of bytes: some Sequence<UInt8>, limit: Int) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
                if deepest > limit { return deepest }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }
}
