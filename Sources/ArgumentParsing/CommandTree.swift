/// A tool's commands, declared once: the top-level command and the subcommands picked by
/// the word after the tool's name. Dispatch, the manual page and the completion scripts
/// all read this one tree, so they cannot list a command the others do not know.
///
/// ```swift
/// let tree = CommandTree(
///     root: RunnableCommand(SheetCommand.command) { SheetRun(request: $0).run() },
///     subcommands: [RunnableCommand(DiffCommand.command) { DiffRun(request: $0).run() }]
/// )
/// let invocation = tree.parse(arguments, helpWidth: 80, isExistingPath: { _ in false })
/// ```
package struct CommandTree {
    /// The command the tool's name alone runs, given every argument no subcommand claims.
    package let root: RunnableCommand
    /// The commands a first argument picks by their last word (`diff` of `pinboard diff`),
    /// in the order help and scripts list them.
    package let subcommands: [RunnableCommand]

    package init(root: RunnableCommand, subcommands: [RunnableCommand]) {
        self.root = root
        self.subcommands = subcommands
    }

    /// The top-level command and then the subcommands.
    package var commands: [RunnableCommand] { [root] + subcommands }

    /// Picks the command for a command line and parses the rest of it.
    ///
    /// A first argument that is a subcommand's word picks that subcommand, which parses
    /// the arguments after it; anything else goes, whole, to the root. A first argument
    /// one slip of the keys from a subcommand's word (`dif` for `diff`) is then a usage
    /// error suggesting it, unless it names an existing file or folder (which the root
    /// takes as an input) or the command line asks for help, a version or a script.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - helpWidth: The width to wrap help text to, in characters.
    ///   - isExistingPath: Whether an argument names a file or folder that exists.
    package func parse(
        _ arguments: [String], helpWidth: Int, isExistingPath: (String) -> Bool
    ) -> Invocation {
        // `help` and `help COMMAND`, as git and cargo take them, unless `help` is a folder
        // the root would take as an input.
        if arguments.first == Self.helpWord, arguments.count <= 2, !isExistingPath(Self.helpWord) {
            let word = arguments.dropFirst().first
            if let word, let subcommand = subcommands.first(where: { $0.outline.subcommandWord == word }) {
                return Invocation(command: subcommand, word: word,
                                  outcome: Result { () throws(UsageError) in try subcommand.parse(["--help"], helpWidth: helpWidth) })
            }
            if word == nil {
                return Invocation(command: root, word: nil,
                                  outcome: Result { () throws(UsageError) in try root.parse(["--help"], helpWidth: helpWidth) })
            }
            if let typo = misspelledSubcommand(word, isExistingPath: isExistingPath) {
                return Invocation(command: root, word: nil, outcome: .failure(typo))
            }
        }
        if let first = arguments.first, let subcommand = subcommands.first(where: { $0.outline.subcommandWord == first }) {
            let rest = Array(arguments.dropFirst())
            return Invocation(command: subcommand, word: first,
                              outcome: Result { () throws(UsageError) in try subcommand.parse(rest, helpWidth: helpWidth) })
        }
        let typo = misspelledSubcommand(arguments.first, isExistingPath: isExistingPath)
        let outcome: Result<ParseOutcome<() -> Int32>, UsageError>
        do {
            let parsed = try root.parse(arguments, helpWidth: helpWidth)
            if let typo, case .run = parsed {
                outcome = .failure(typo)
            } else {
                outcome = .success(parsed)
            }
        } catch {
            outcome = .failure(typo ?? error)
        }
        return Invocation(command: root, word: nil, outcome: outcome)
    }

    /// The word that asks for help as a first argument: `pinboard help diff`.
    package static let helpWord = "help"

    /// The usage error for a first argument that looks like a subcommand's word mistyped,
    /// or `nil` when it is an option, an existing path, or not close to any word.
    private func misspelledSubcommand(_ first: String?, isExistingPath: (String) -> Bool) -> UsageError? {
        guard let first, !ArgumentSyntax.looksLikeOption(first), !isExistingPath(first),
              let suggestion = SpellingSuggestion.nearest(to: first, in: subcommands.compactMap(\.outline.subcommandWord))
        else { return nil }
        return .unknownSubcommand(first, suggestion: suggestion)
    }

    /// The tree as the manual page and the completion scripts present it.
    ///
    /// - Parameters:
    ///   - version: The version the manual page's header names.
    ///   - exitStatuses: Every exit status and what it means, in order.
    ///   - examples: Command lines worth showing, each with what it does.
    package func outline(
        version: String, exitStatuses: [(status: Int32, meaning: String)], examples: [(command: String, meaning: String)]
    ) -> ToolOutline {
        ToolOutline(root: root.outline, subcommands: subcommands.map(\.outline), version: version,
                    exitStatuses: exitStatuses, examples: examples)
    }

    /// Every spelling that names two options of one command, in every command of the
    /// tree: empty when each option can be reached by each of its names.
    package var nameCollisions: [OptionNameCollision] {
        commands.flatMap(\.outline.nameCollisions)
    }
}
