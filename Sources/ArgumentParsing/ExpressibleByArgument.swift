/// A type whose values can be spelled as one command-line argument.
///
/// An option or positional of this type parses its text through `init?(argument:)`; when
/// that fails, the usage error quotes the text and says it expected `expectation`.
/// Enumerations with `String` raw values get everything for free, and list their values
/// in `--help`:
///
/// ```swift
/// enum Direction: String, CaseIterable, ExpressibleByArgument {
///     case vertical, horizontal
/// }
/// // --direction vertical|horizontal
/// ```
package protocol ExpressibleByArgument {
    /// Parses one argument, or returns `nil` when it is not a valid spelling.
    init?(argument: String)

    /// What a valid spelling looks like, for "expected …" in error messages:
    /// "an integer", "one of vertical|horizontal".
    static var expectation: String { get }

    /// Every valid spelling, when there are few enough to list; empty otherwise.
    static var allValueStrings: [String] { get }

    /// How `--help` shows this value as a default: the spelling that parses back to it.
    var defaultValueDescription: String { get }
}

extension ExpressibleByArgument {
    package static var allValueStrings: [String] { [] }
}

extension ExpressibleByArgument where Self: CaseIterable & RawRepresentable, RawValue == String {
    package init?(argument: String) {
        self.init(rawValue: argument)
    }

    package static var expectation: String {
        "one of " + allValueStrings.joined(separator: "|")
    }

    package static var allValueStrings: [String] {
        allCases.map(\.rawValue)
    }

    package var defaultValueDescription: String {
        rawValue
    }
}

extension String: ExpressibleByArgument {
    package init?(argument: String) {
        self = argument
    }

    package static var expectation: String { "a string" }

    package var defaultValueDescription: String { self }
}

extension Int: ExpressibleByArgument {
    package init?(argument: String) {
        self.init(argument, radix: 10)
    }

    package static var expectation: String { "an integer" }

    package var defaultValueDescription: String { String(self) }
}

extension Double: ExpressibleByArgument {
    /// A plain decimal, `0.1` or `.1` or `1`: no exponent, no `nan` or `inf`.
    package init?(argument: String) {
        guard !argument.isEmpty, argument.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              let value = Double(argument) else { return nil }
        self = value
    }

    package static var expectation: String { "a number" }

    package var defaultValueDescription: String {
        rounded() == self && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
