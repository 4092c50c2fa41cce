extension CompletionScript {
    /// bash: one function per command, picked by the word after the tool's name. It
    /// needs bash 4 and nothing from the bash-completion package.
    var bashLines: [String] {
        let main = "_" + tool.name
        var lines = [
            header,
            "# Source it, or install it as share/bash-completion/completions/\(tool.name).",
            "",
            "\(main)() {",
            "    local cur=${COMP_WORDS[COMP_CWORD]} prev=",
            "    (( COMP_CWORD > 0 )) && prev=${COMP_WORDS[COMP_CWORD-1]}",
            "    # bash breaks words at '=', so --option=value arrives as '--option' '=' 'value'.",
            "    if [[ $cur == = ]]; then",
            "        cur=",
            "    elif [[ $prev == = ]] && (( COMP_CWORD > 1 )); then",
            "        prev=${COMP_WORDS[COMP_CWORD-2]}",
            "    fi",
            "    COMPREPLY=()",
            "    local i",
            "    for (( i = 1; i < COMP_CWORD; i++ )); do",
            "        # After '--' every argument is positional, and every positional names a file.",
            "        if [[ ${COMP_WORDS[i]} == -- ]]; then",
            "            \(main)_files",
            "            return",
            "        fi",
            "    done",
        ]
        if !tool.subcommands.isEmpty {
            lines += ["    if (( COMP_CWORD > 1 )); then", "        case ${COMP_WORDS[1]} in"]
            for command in tool.subcommands {
                lines.append("            \(Self.shellWord(command.subcommandWord ?? command.name))) \(functionName(command)); return ;;")
            }
            lines += ["        esac", "    fi"]
        }
        lines += commandFunctions(bashFunction)
        lines += [
            "# Offers each of the words that starts with the one being completed.",
            "\(main)_words() {",
            "    local word",
            "    for word in \"$@\"; do",
            "        if [[ $word == \"$cur\"* ]]; then COMPREPLY+=(\"$word\"); fi",
            "    done",
            "}",
            "",
            "# Offers file and folder names as the shell itself would, spaces and all.",
            "\(main)_files() {",
            "    compopt -o filenames 2>/dev/null",
            "    local files",
            "    mapfile -t files < <(compgen -f -- \"$cur\")",
            "    COMPREPLY+=(\"${files[@]}\")",
            "}",
            "",
            "complete -F \(main) \(tool.name)",
        ]
        return lines
    }

    /// The function for one command: the value of the option just before the cursor,
    /// else an option when the word starts with a dash, else a file (or, first of all,
    /// a subcommand).
    private func bashFunction(_ command: CommandOutline) -> [String] {
        let main = "_" + tool.name
        var lines = ["\(functionName(command))() {", "    case $prev in"]
        for option in command.options where option.valueName != nil {
            let pattern = option.spellings.map(Self.shellWord).joined(separator: "|")
            let action = switch option.completion {
            case .freeText: "return"
            case .files: "\(main)_files; return"
            case .values(let values): "\(main)_words \(values.map(Self.shellWord).joined(separator: " ")); return"
            }
            lines.append("        \(pattern)) \(action) ;;")
        }
        lines += [
            "    esac",
            "    if [[ $cur == -* ]]; then",
            "        \(main)_words \(command.options.flatMap(\.spellings).map(Self.shellWord).joined(separator: " "))",
            "        return",
            "    fi",
        ]
        if command.subcommandWord == nil, !tool.subcommands.isEmpty {
            let words = tool.subcommands.compactMap(\.subcommandWord).map(Self.shellWord).joined(separator: " ")
            lines.append("    if (( COMP_CWORD == 1 )); then \(main)_words \(words); fi")
        }
        if !command.positionals.isEmpty {
            lines.append("    \(main)_files")
        }
        return lines + ["}"]
    }
}
