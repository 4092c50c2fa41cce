/// A command's declaration without the `Value` it fills in: what completion scripts and
/// the manual page are made from, so they list exactly what the parser accepts.
///
/// Commands of different `Value` types cannot share an array; their outlines can, which
/// is what a tool's documentation needs (see `ToolOutline`).
package struct CommandOutline {
    /// The words that invoke the command: `pinboard diff`.
    package let name: String
    package let abstract: String
    /// Paragraphs separated by blank lines; empty for none.
    package let discussion: String
    /// Every option the command accepts, the built-in ones included, in `--help`'s order.
    package let options: [Option]
    /// The positional arguments in order, by the name usage shows (`INPUT...`). Every
    /// positional of pinboard names a file or folder, so scripts complete them as files.
    package let positionals: [(usageName: String, help: String)]

    /// The word after the tool's name that picks this command (`diff` in `pinboard diff`),
    /// or `nil` for the top-level command.
    package var subcommandWord: String? {
        let words = name.split(separator: " ")
        return words.count > 1 ? words.last.map(String.init) : nil
    }

    /// The paragraphs of the discussion, each on one line.
    package var paragraphs: [String] {
        discussion.split(separator: "\n\n").map { $0.split(separator: "\n").joined(separator: " ") }
            .filter { !$0.isEmpty }
    }

    /// Every spelling (`-o`, `--output`) that more than one of the options answers to,
    /// the built-in ones included, in the order they first appear.
    package var nameCollisions: [OptionNameCollision] {
        let spellings = options.flatMap(\.spellings)
        var counted: [String] = []
        return spellings.compactMap { spelling in
            let count = spellings.count(where: { $0 == spelling })
            guard count > 1, !counted.contains(spelling) else { return nil }
            counted.append(spelling)
            return OptionNameCollision(command: name, spelling: spelling, count: count)
        }
    }
}

extension Command {
    /// The declaration as completion scripts and the manual page see it.
    package var outline: CommandOutline {
        CommandOutline(
            name: name, abstract: abstract, discussion: discussion,
            options: allOptions.map { option in
                let value: (name: String, completion: ValueCompletion)? = switch option.kind {
                case .flag, .optionalValue: nil
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
