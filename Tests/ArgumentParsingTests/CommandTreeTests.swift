@testable import ArgumentParsing
import Testing

/// The tree on its own, through a made-up tool whose root takes inputs and whose one
/// subcommand compares two of them: the shape of `pinboard` and `pinboard diff`.
@Suite("Command tree")
struct CommandTreeTests {
    struct SheetRequest {
        var inputs: [String] = []
        var output = "out.png"
        var quiet = false
    }

    struct DiffRequest {
        var a = ""
        var b = ""
        var flag = false
    }

    static var root: Command<SheetRequest> {
        Command(
        name: "tool", abstract: "Lay out inputs.", version: "1.0", defaults: SheetRequest(),
        options: [
            .option(\.output, long: "output", short: "o", valueName: "FILE", help: "Where to write."),
            .flag(\.quiet, long: "quiet", short: "q", help: "Print nothing."),
        ],
        positionals: [.repeating(\.inputs, valueName: "INPUT", help: "Inputs.")]
        )
    }

    static var diff: Command<DiffRequest> {
        Command(
        name: "tool diff", abstract: "Compare two inputs.", defaults: DiffRequest(), options: [],
        positionals: [.single(\.a, valueName: "A", help: "One."), .single(\.b, valueName: "B", help: "Other.")]
        )
    }

    /// The root runs to the number of its inputs, `diff` to 40 plus the length of A, so a
    /// test can tell from the status which command ran with what.
    static var tree: CommandTree {
        CommandTree(
            root: RunnableCommand(root) { Int32($0.inputs.count) },
            subcommands: [RunnableCommand(diff) { Int32(40 + $0.a.count) }]
        )
    }

    /// The status the command line runs to, or the usage error it gives; `existing` are
    /// the paths that exist.
    func run(_ arguments: [String], existing: Set<String> = []) -> Result<Int32, UsageError> {
        Self.tree.parse(arguments, helpWidth: 80, isExistingPath: existing.contains).outcome.flatMap { outcome in
            guard case .run(let run) = outcome else { return .success(-1) }
            return .success(run())
        }
    }

    @Test("A subcommand's word picks it and it parses the rest; anything else goes whole to the root", arguments: [
        (["diff", "abc", "b"], 43),
        (["a.png", "b.png", "c.png"], 3),
        (["-q", "diff", "b"], 2),
        (["--", "diff"], 1),
        (["photos", "b"], 2),
    ] as [([String], Int32)])
    func dispatch(arguments: [String], status: Int32) {
        #expect(run(arguments) == .success(status))
    }

    @Test("The invocation names the subcommand's word, and nil for the root")
    func word() {
        #expect(Self.tree.parse(["diff", "a", "b"], helpWidth: 80, isExistingPath: { _ in false }).word == "diff")
        #expect(Self.tree.parse(["a"], helpWidth: 80, isExistingPath: { _ in false }).word == nil)
    }

    @Test("A near spelling of a subcommand that names no path is a usage error suggesting it", arguments: [
        ["dif", "a", "b"], ["dfif", "a", "b"], ["dif", "--bogus"], ["dif"],
    ])
    func misspelled(arguments: [String]) {
        guard case .failure(let error) = run(arguments) else {
            Issue.record("\(arguments) ran")
            return
        }
        #expect(error == .unknownSubcommand(arguments[0], suggestion: "diff"))
        let text = Self.tree.root.errorText(for: error, helpWidth: 80)
        #expect(text == "Error: Unknown subcommand '\(arguments[0])', and no file or folder of that name.\n"
            + "Did you mean 'diff'?\nSee 'tool --help'.\n")
    }

    @Test("A near spelling that names an existing path is the root's input")
    func existingPath() {
        #expect(run(["dif", "b"], existing: ["dif"]) == .success(2))
    }

    @Test("Help, version and the scripts still win over a near spelling", arguments: [
        ["dif", "--help"], ["dif", "--version"], ["dif", "--generate-manual"],
    ])
    func helpWins(arguments: [String]) {
        #expect(run(arguments) == .success(-1))
    }

    @Test("The outline lists the root and then the subcommands, in order")
    func outline() {
        let outline = Self.tree.outline(version: "1.0", exitStatuses: [(0, "fine")], examples: [])
        #expect(outline.commands.map(\.name) == ["tool", "tool diff"])
        #expect(outline.subcommands.compactMap(\.subcommandWord) == ["diff"])
    }

    @Test("A tree without shared spellings has no collisions")
    func noCollisions() {
        #expect(Self.tree.nameCollisions.isEmpty)
    }

    @Test("Two options of one command that share a short or long name are reported, the built-in --help too")
    func collisions() {
        let clashing = Command(
            name: "tool diff", abstract: "Compare.", defaults: DiffRequest(),
            options: [
                .option(\.a, long: "output", short: "o", valueName: "FILE", help: "A."),
                .option(\.b, long: "other", short: "o", valueName: "FILE", help: "B."),
                .flag(\.flag, long: "help", help: "Not the built-in help."),
            ]
        )
        let tree = CommandTree(
            root: RunnableCommand(Self.root) { _ in 0 },
            subcommands: [RunnableCommand(clashing) { _ in 0 }]
        )
        #expect(tree.nameCollisions == [
            OptionNameCollision(command: "tool diff", spelling: "-o", count: 2),
            OptionNameCollision(command: "tool diff", spelling: "--help", count: 2),
        ])
        #expect(tree.nameCollisions.first?.description == "tool diff: '-o' names 2 options")
    }
}
