import ArgumentParsing
import Differences
import PinboardCompare

// The values of `pinboard diff`'s options are the comparison API's own types.

extension IgnoredArea: ExpressibleByArgument {
    public static var expectation: String { "NAME_OR_GLOB:X,Y,WxH, such as login.png:0,0,120x24" }

    public var defaultValueDescription: String { spelling }
}

/// The kinds `--fail-on` lists, comma-separated: `changed,added`.
struct ChangeKinds: Equatable, Sendable, ExpressibleByArgument {
    var kinds: Set<ChangeKind>

    init(_ kinds: Set<ChangeKind>) {
        self.kinds = kinds
    }

    public init?(argument: String) {
        var kinds: Set<ChangeKind> = []
        for word in argument.split(separator: ",", omittingEmptySubsequences: false) {
            guard let kind = ChangeKind(rawValue: String(word)) else { return nil }
            kinds.insert(kind)
        }
        self.kinds = kinds
    }

    public static var expectation: String {
        "a comma-separated list of " + ChangeKind.allCases.map(\.rawValue).joined(separator: ", ")
    }

    public var defaultValueDescription: String { ChangeKind.spelling(kinds) }
}

extension NamePattern: ExpressibleByArgument {
    public init?(argument: String) {
        guard !argument.isEmpty else { return nil }
        self.init(argument)
    }

    public static var expectation: String { "a name or glob below the folder, such as 'login/*.png'" }

    public var defaultValueDescription: String { text }
}

extension AlphaBackground: ExpressibleByArgument {}
