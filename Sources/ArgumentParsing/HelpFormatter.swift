/// Renders a command's `--help`: fixed headings, every line wrapped to the terminal.
///
/// The headings are OVERVIEW, USAGE, ARGUMENTS and OPTIONS. Each argument and option is a
/// row: its label from column 2, its help from column 28. A label too long for its column
/// takes a line of its own, with the help below it. The help column never gets narrower
/// than 24 characters, so on a very narrow terminal lines run over rather than into
/// one-word lines.
package struct HelpFormatter {
    /// The width to wrap to, in characters.
    package let width: Int

    package init(width: Int) {
        self.width = width
    }

    private static let labelIndent = 2
    private static let helpColumn = 28
    private static let minimumHelpWidth = 24

    /// The width to wrap help to: `COLUMNS` when it is a positive number, else 80.
    ///
    /// An interactive shell sets `COLUMNS` on each resize; asking the terminal itself
    /// (`ioctl`) would add platform code for little gain.
    package static func width(environment: [String: String]) -> Int {
        guard let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 else {
            return 80
        }
        return columns
    }

    /// The full help text, ending with a newline.
    package func render<Value>(_ command: Command<Value>) -> String {
        var lines = wrap(words("OVERVIEW: " + command.abstract), width: width)
        for paragraph in command.discussion.split(separator: "\n\n") where !paragraph.isEmpty {
            lines.append("")
            lines += wrap(words(String(paragraph)), width: width)
        }
        lines += [""] + usageLines(command)
        if !command.positionals.isEmpty {
            lines += ["", "ARGUMENTS:"]
            for positional in command.positionals {
                lines += row(label: positional.usageName, help: words(positional.help))
            }
        }
        for (heading, options) in sections(command) {
            lines += ["", heading + ":"]
            for option in options {
                lines += row(label: label(of: option), help: helpWords(of: option, defaults: command.defaults))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What `-h` prints: the overview, the usage, the options people use most, and the
    /// layout's footer (where the rest is); the whole help when the command has no layout.
    package func shortHelp<Value>(_ command: Command<Value>) -> String {
        guard let layout = command.helpLayout else { return render(command) }
        var lines = wrap(words("OVERVIEW: " + command.abstract), width: width) + [""] + usageLines(command)
        lines += [""] + wrap(words("OPTIONS (the most used; '\(command.name) --help' lists every one):"), width: width)
        for name in layout.summary {
            guard let option = command.allOptions.first(where: { $0.long == name }) else { continue }
            lines += row(label: label(of: option), help: words(Self.firstSentence(of: option.help)))
        }
        lines += [""] + layout.footer.flatMap { wrap(words($0), width: width) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The help up to its first full stop followed by a space (a decimal point is no end).
    static func firstSentence(of help: String) -> String {
        var previous: Character?
        for index in help.indices {
            if help[index] == " ", previous == "." { return String(help[..<index]) }
            previous = help[index]
        }
        return help
    }

    /// The options under their headings: the layout's, then any it names under none (and the
    /// built-in ones) under OTHER OPTIONS; all under OPTIONS without a layout.
    private func sections<Value>(_ command: Command<Value>) -> [(String, [Command<Value>.Option])] {
        let all = command.allOptions
        guard let layout = command.helpLayout else { return [("OPTIONS", all)] }
        var placed = Set<String>()
        var sections: [(String, [Command<Value>.Option])] = []
        for (heading, names) in layout.sections {
            let options = names.compactMap { name in all.first { $0.long == name } }
            placed.formUnion(options.map(\.long))
            sections.append((heading, options))
        }
        let rest = all.filter { !placed.contains($0.long) }
        if !rest.isEmpty { sections.append(("OTHER OPTIONS", rest)) }
        return sections
    }

    /// The overview and usage alone, ending with a newline: what a command given no
    /// arguments at all prints, before pointing to `--help`.
    package func summary<Value>(_ command: Command<Value>) -> String {
        (wrap(words("OVERVIEW: " + command.abstract), width: width) + [""] + usageLines(command))
            .joined(separator: "\n") + "\n"
    }

    private func usageLines<Value>(_ command: Command<Value>) -> [String] {
        let usage = ([command.name, "[options]"] + command.positionals.map(\.usageName)).joined(separator: " ")
        return wrap(words("USAGE: " + usage), width: width)
    }

    /// `-o, --output FILE`, or `    --manifest FILE` with the long names aligned.
    private func label<Value>(of option: Command<Value>.Option) -> String {
        let names = option.short.map { "-\($0), " } ?? "    "
        switch option.kind {
        case .flag: return names + option.longSpelling
        case .value(let valueName, _, _, _, _): return names + option.longSpelling + " " + valueName
        case .optionalValue(let valueName, _, _, _): return names + option.longSpelling + "[=" + valueName + "]"
        }
    }

    /// The option's help, then its default, with "(default:" bound to the word after it
    /// so that no line ends in it.
    private func helpWords<Value>(of option: Command<Value>.Option, defaults: Value) -> [String] {
        guard let shown = option.defaultDescription(defaults) else {
            return words(option.help)
        }
        // Always two words at least: "(default:" and whatever ends in ")".
        var trailer = words("(default: \(shown))")
        trailer[0...1] = [trailer[0] + " " + trailer[1]]
        return words(option.help) + trailer
    }

    /// One argument or option: label and wrapped help side by side where the label fits.
    private func row(label: String, help: [String]) -> [String] {
        let indent = String(repeating: " ", count: Self.labelIndent)
        let helpIndent = String(repeating: " ", count: Self.helpColumn)
        let helpLines = wrap(help, width: max(width - Self.helpColumn, Self.minimumHelpWidth))
        let labelWidth = Self.helpColumn - Self.labelIndent - 2
        guard label.count <= labelWidth, let first = helpLines.first else {
            return [indent + label] + helpLines.map { helpIndent + $0 }
        }
        let padding = String(repeating: " ", count: Self.helpColumn - Self.labelIndent - label.count)
        return [indent + label + padding + first] + helpLines.dropFirst().map { helpIndent + $0 }
    }

    private func words(_ text: String) -> [String] {
        text.split(separator: " ").map(String.init)
    }

    /// Fills lines of at most `width` characters with words, a space apart; a word longer
    /// than a line gets a line of its own.
    private func wrap(_ words: [String], width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in words {
            if line.isEmpty {
                line = word
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = word
            }
        }
        if !line.isEmpty {
            lines.append(line)
        }
        return lines
    }
}
