/// A command's declaration without the `Value` it fills in: what completion scripts and
/// the manual page are made from, so they list exactly what the parser accepts.
///
/// Commands of different `Value` types cannot share an array; their outlines can, which
/// is what a tool's documentation needs (see `ToolOutline`).
struct CommandOutline {
    /// The words that invoke the command: `pinboard diff`.
    let name: String
    let abstract: String
    /// Paragraphs separated by blank lines; empty for none.
    let discussion: String
    /// Every option the command accepts, the built-in ones included, in `--help`'s order.
    let options: [Option]
    /// The positional arguments in order, by the name usage shows (`INPUT...`). Every
    /// positional of pinboard names a file or folder, so scripts complete them as files.
    let positionals: [(usageName: String, help: String)]

    /// The word after the tool's name that picks this command (`diff` in `pinboard diff`),
    /// or `nil` for the top-level command.
    var subcommandWord: String? {
        let words = name.split(separator: " ")
        return words.count > 1 ? words.last.map(String.init) : nil
    }

    /// The paragraphs of the discussion, each on one line.
    var paragraphs: [String] {
        discussion.split(separator: "\n\n").map { $0.split(separator: "\n").joined(separator: " ") }
            .filter { !$0.isEmpty }
    }
}

extension Command {
    /// The declaration as completion scripts and the manual page see it.
    var outline: CommandOutline {
        CommandOutline(
            name: name, abstract: abstract, discussion: discussion,
            options: allOptions.map { option in
                let value: (name: String, completion: ValueCompletion)? = switch option.kind {
                case .flag: nil
                case .value(let name, _, _, let completion, _): (name, completion)
                }
                return CommandOutline.Option(
                    long: option.long, short: option.short, help: option.help, valueName: value?.name,
                    completion: value?.completion ?? .freeText, defaultDescription: option.defaultDescription(defaults))
            },
            positionals: positionals.map { ($0.usageName, $0.help) }
        )
    }
}
