/// Why a colour could not be read, quoting what the user wrote.
public enum ColorParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is not `#rgb`, `#rrggbb`, `#rrggbbaa` or `transparent`.
    case malformed(String)

    public var description: String {
        switch self {
        case let .malformed(text):
            return "'\(text)' is not a colour: expected #rgb, #rrggbb, #rrggbbaa or transparent"
        }
    }
}
