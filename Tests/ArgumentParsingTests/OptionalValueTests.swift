@testable import ArgumentParsing
import Testing

/// An option whose value is optional (`--update` or `--update=missing`), the shape of
/// `pinboard diff --update[=MODES]`: alone it never takes the next argument, which stays
/// a positional.
@Suite("Options with an optional value")
struct OptionalValueTests {
    enum Mode: String, CaseIterable, ExpressibleByArgument {
        case changed, missing, both
    }

    struct Request: Equatable {
        var mode: Mode?
        var first = ""
        var second = ""
    }

    static var command: Command<Request> {
        Command(
            name: "tool", abstract: "Test.", defaults: Request(),
            options: [.option(\.mode, long: "update", valueName: "MODE", bare: .both, help: "Update.")],
            positionals: [.single(\.first, valueName: "A", help: "A."), .single(\.second, valueName: "B", help: "B.")])
    }

    @Test("Alone it applies the bare value and leaves the next argument a positional; with = its value", arguments: [
        (["--update", "a", "b"], Request(mode: .both, first: "a", second: "b")),
        (["a", "--update=missing", "b"], Request(mode: .missing, first: "a", second: "b")),
        (["a", "b"], Request(mode: nil, first: "a", second: "b")),
    ])
    func parses(arguments: [String], expected: Request) throws {
        guard case .run(let request) = try Self.command.parse(arguments, helpWidth: 60) else {
            Issue.record("did not run")
            return
        }
        #expect(request == expected)
    }

    @Test("A value that is not one is quoted, with the nearest spelling")
    func invalid() {
        #expect(throws: UsageError.invalidValue("chnged", option: "--update", expected: "one of changed|missing|both", suggestion: "changed")) {
            try Self.command.parse(["--update=chnged", "a", "b"], helpWidth: 60)
        }
    }

    @Test("Help shows it as --update[=MODE]")
    func help() throws {
        guard case .help(let text) = try Self.command.parse(["--help"], helpWidth: 60) else {
            Issue.record("no help")
            return
        }
        #expect(text.contains("    --update[=MODE]"))
    }
}
