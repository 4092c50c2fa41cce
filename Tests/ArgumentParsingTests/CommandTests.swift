@testable import ArgumentParsing
import Testing

/// The parser on its own, through a made-up subcommand with single positionals, the shape
/// `pinboard diff A B` will have.
@Suite("Command parser")
struct CommandTests {
    struct DiffRequest: Equatable {
        var before = ""
        var after = ""
        var tolerance = 0
    }

    static var diff: Command<DiffRequest> {
        Command(
            name: "pinboard diff",
            abstract: "Compare two sheets pixel by pixel.",
            defaults: DiffRequest(),
            options: [
                .option(\.tolerance, long: "tolerance", valueName: "N",
                        help: "Largest channel difference that still counts as equal.", bounds: 0...255),
            ],
            positionals: [
                .single(\.before, valueName: "A", help: "The first sheet."),
                .single(\.after, valueName: "B", help: "The second sheet."),
            ]
        )
    }

    func parse(_ arguments: [String]) throws(UsageError) -> ParseOutcome<DiffRequest> {
        try Self.diff.parse(arguments, helpWidth: 60)
    }

    @Test("Single positionals fill in order")
    func singlePositionals() throws {
        guard case .run(let request) = try parse(["a.png", "--tolerance=2", "b.png"]) else {
            Issue.record("did not run")
            return
        }
        #expect(request == DiffRequest(before: "a.png", after: "b.png", tolerance: 2))
    }

    @Test("A missing positional is named; an extra one is quoted", arguments: [
        ([], UsageError.noArguments),
        (["a.png"], .missingArgument("B")),
        (["a.png", "b.png", "c.png"], .unexpectedArgument("c.png")),
        (["a.png", "b.png", "--", "-"], .unexpectedArgument("-")),
    ])
    func positionalCount(arguments: [String], error: UsageError) {
        #expect(throws: error) { try parse(arguments) }
    }

    @Test("Without a version there is no --version")
    func noVersion() {
        #expect(throws: UsageError.unknownOption("--version", suggestion: nil)) { try parse(["--version"]) }
    }

    @Test("Help wins over a usage error anywhere before '--'", arguments: [
        ["--help"], ["-h"], ["--bogus", "-h"], ["a.png", "b.png", "c.png", "--help"], ["--tolerance", "-h"],
    ])
    func helpWins(arguments: [String]) throws {
        guard case .help(let text) = try parse(arguments) else {
            Issue.record("\(arguments) gave no help")
            return
        }
        #expect(text.hasPrefix("OVERVIEW: Compare two sheets"))
    }

    @Test("Help shows the subcommand's words and its positionals, wrapped to the width")
    func help() throws {
        let expected = """
            OVERVIEW: Compare two sheets pixel by pixel.

            USAGE: pinboard diff [options] A B

            ARGUMENTS:
              A                         The first sheet.
              B                         The second sheet.

            OPTIONS:
                  --tolerance N         Largest channel difference that
                                        still counts as equal.
                                        (default: 0)
              -h, --help                Show this help and exit.

            """
        #expect(try parse(["-h"]) == .help(expected))
    }

    @Test("A usage error points to the subcommand's help")
    func errorText() {
        #expect(Self.diff.errorText(for: .missingArgument("B")) == """
            Error: Missing argument 'B'.
            See 'pinboard diff --help'.

            """)
    }
}
