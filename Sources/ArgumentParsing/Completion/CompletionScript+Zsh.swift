extension CompletionScript {
    /// zsh: an `_arguments` call per command, picked by the word after the tool's name.
    /// Autoloaded from `$fpath` as `_pinboard` it completes at once; sourced, it registers
    /// itself with `compdef`.
    var zshLines: [String] {
        let main = "_" + tool.name
        var lines = [
            "#compdef \(tool.name)",
            header,
            "# Install it as _\(tool.name) in a folder of $fpath, or source it.",
            "",
            "\(main)() {",
        ]
        if !tool.subcommands.isEmpty {
            let words = tool.subcommands.compactMap(\.subcommandWord).map(Self.shellWord).joined(separator: "|")
            lines += [
                "    if (( CURRENT > 2 )); then",
                "        case ${words[2]} in",
                "            \(words))",
                "                local command=${words[2]}",
                "                shift words",
                "                (( CURRENT-- ))",
                "                \(main)_$command",
                "                return",
                "                ;;",
                "        esac",
                "    fi",
            ]
        }
        lines += commandFunctions(zshFunction)
        if !tool.subcommands.isEmpty {
            lines += ["# The first argument: a subcommand, or the first input.", "\(main)_first() {", "    local -a commands=("]
            for command in tool.subcommands {
                guard let word = command.subcommandWord else { continue }
                lines.append("        " + Self.shellWord(word + ":" + Self.summary(of: command.abstract)))
            }
            lines += ["    )", "    _describe -t commands '\(tool.name) command' commands", "    _files", "}", ""]
        }
        let ifAutoloaded = "if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then"
        return lines + [ifAutoloaded, "    \(main) \"$@\"", "else", "    compdef \(main) \(tool.name)", "fi"]
    }

    private func zshFunction(_ command: CommandOutline) -> [String] {
        var specs = command.options.map(zshSpec)
        for (index, positional) in command.positionals.enumerated() {
            let message = Self.zshEscaped(positional.usageName, escaping: ":")
            if index == 0, command.subcommandWord == nil, !tool.subcommands.isEmpty {
                specs.append(Self.shellWord("1:\(message):_\(tool.name)_first"))
            }
            let position = positional.usageName.hasSuffix("...") ? "*" : ""
            specs.append(Self.shellWord("\(position):\(message):_files"))
        }
        let body = specs.enumerated().map { index, spec in
            "        " + spec + (index == specs.count - 1 ? "" : " \\")
        }
        return ["\(functionName(command))() {", "    _arguments -S \\"] + body + ["}"]
    }

    /// One `_arguments` spec: `'(-o --output)'{-o,--output=}'[Where …]:FILE:_files'`.
    private func zshSpec(_ option: CommandOutline.Option) -> String {
        let takesValue = option.valueName != nil
        let explanation = "[" + Self.zshEscaped(option.summary, escaping: "[]") + "]"
        var argument = ""
        if let valueName = option.valueName {
            let action = switch option.completion {
            case .freeText: " "
            case .files: "_files"
            case .values(let values): "(" + values.map { Self.zshEscaped($0, escaping: " ():") }.joined(separator: " ") + ")"
            }
            argument = ":" + Self.zshEscaped(valueName, escaping: ":") + ":" + action
        }
        let long = option.longSpelling + (takesValue ? "=" : "")
        guard let short = option.short else {
            return Self.shellWord(long + explanation + argument)
        }
        return Self.shellWord("(-\(short) \(option.longSpelling))") + "{-\(short),\(long)}"
            + Self.shellWord(explanation + argument)
    }

    /// `text` with a backslash before each backslash and each of `characters`.
    private static func zshEscaped(_ text: String, escaping characters: String) -> String {
        var escaped = ""
        for character in text {
            if character == "\\" || characters.contains(character) {
                escaped.append("\\")
            }
            escaped.append(character)
        }
        return escaped
    }

    /// An abstract without its final full stop, as a one-line description.
    static func summary(of abstract: String) -> String {
        abstract.hasSuffix(".") ? String(abstract.dropLast()) : abstract
    }
}
