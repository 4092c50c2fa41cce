/// One setting of a layout mode as a manifest records it: a whole number, a number or a word.
public enum LayoutField: Hashable, Sendable {
    case integer(Int)
    case number(Double)
    case word(String)

    /// The whole number; nil for a number with a fraction or a word.
    public var integer: Int? {
        switch self {
        case .integer(let value): value
        case .number(let value): value.rounded() == value && abs(value) < 1e18 ? Int(value) : nil
        case .word: nil
        }
    }

    /// The number, whole or not; nil for a word.
    public var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        case .word: nil
        }
    }

    /// The word; nil for a number.
    public var word: String? {
        if case .word(let value) = self { value } else { nil }
    }
}

/// A mode's own settings, as the manifest's `layout` object records them: each mode's
/// settings type says its fields in its own file, so the manifest reads and writes any mode
/// without knowing which.
public protocol LayoutModeSettings: Hashable, Sendable {
    /// The settings in the order the manifest writes them.
    var fields: [(key: String, value: LayoutField)] { get }
    /// The settings `fields` give; nil when one is missing or not of its kind.
    init?(fields: [String: LayoutField])
}
