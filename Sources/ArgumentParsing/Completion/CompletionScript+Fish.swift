extension CompletionScript {
    /// fish: one `complete` line per option, each under a condition naming the command
    /// it belongs to. fish offers file names for arguments by default, which is what every
    /// positional wants; `-x` turns that off after options whose value is not a file.
    var fishLines: [String] {
        let command = "__\(tool.name)_command"
        let words = tool.subcommands.compactMap(\.subcommandWord).map(Self.fishWord).joined(separator: " ")
        var lines = [
            header,
            "# Install it as share/fish/vendor_completions.d/\(tool.name).fish, or source it.",
            "",
            "# Prints the command the line runs: \(tool.name), or the subcommand after it.",
            "function \(command)",
            "    set -l words (commandline -opc)",
        ]
        if tool.subcommands.isEmpty {
            lines.append("    echo \(tool.name)")
        } else {
            lines += [
                "    if set -q words[2]; and contains -- $words[2] \(words)",
                "        echo $words[2]",
                "    else",
                "        echo \(tool.name)",
                "    end",
            ]
        }
        lines += ["end", ""]
        if !tool.subcommands.isEmpty {
            for subcommand in tool.subcommands {
                guard let word = subcommand.subcommandWord else { continue }
                lines.append("complete -c \(tool.name) -n 'test (count (commandline -opc)) -eq 1' -a \(Self.fishWord(word))"
                    + " -d \(Self.fishWord(Self.summary(of: subcommand.abstract)))")
            }
            lines.append("")
        }
        for outline in tool.commands {
            let condition = Self.fishWord("test (\(command)) = \(outline.subcommandWord ?? tool.name)")
            for option in outline.options {
                var line = "complete -c \(tool.name) -n \(condition)"
                if let short = option.short {
                    line += " -s \(short)"
                }
                line += " -l \(option.long)"
                if option.valueName != nil {
                    switch option.completion {
                    case .freeText: line += " -x"
                    case .files: line += " -r -F"
                    case .values(let values): line += " -x -a " + Self.fishWord(values.joined(separator: " "))
                    }
                }
                lines.append(line + " -d " + Self.fishWord(option.summary))
            }
        }
        return lines
    }

    /// `text` in fish's single quotes, where only `\` and `'` need a backslash.
    private static func fishWord(_ text: String) -> String {
        "'" + text.map { $0 == "\\" || $0 == "'" ? "\\\($0)" : String($0) }.joined() + "'"
    }
}
