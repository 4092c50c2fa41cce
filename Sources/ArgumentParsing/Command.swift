/// A command's declaration: what it is called, what it does, and the arguments it takes,
/// each bound to a field of `Value`, the plain struct that a parsed command line fills in.
///
/// Everything `--help` shows comes from here, so help and parser cannot disagree:
///
/// ```swift
/// Command(
///     name: "pinboard",
///     abstract: "Lay out images as a masonry contact sheet.",
///     defaults: SheetRequest(),
///     options: [.option(\.output, long: "output", short: "o", valueName: "FILE", help: "…")],
///     positionals: [.repeating(\.inputs, valueName: "INPUT", help: "…")]
/// )
/// ```
///
/// The syntax it accepts:
/// - `--name value` and `--name=value`; `-n value` for options with a short name, and as
///   getopt reads them, `-nvalue` (the rest of the argument is the value: `-c4`, `-ox.png`;
///   `-n=value` takes `value`) and flags grouped, the last of them perhaps taking a value
///   (`-qr`, `-qc4`); a long option typed with one dash (`-width`) is a usage error
///   suggesting `--width`;
/// - a value is the next argument unless that looks like an option (`-` and a non-digit), so
///   `-o -` means stdout, `--margin -1` reaches the range check, and `--output --quiet` is
///   a missing value rather than a file called `--quiet`;
/// - `--` ends the options: everything after it is positional, even `--help`;
/// - a lone `-` is an ordinary argument, meaning stdin or stdout where a command says so;
/// - options and positionals may be mixed in any order;
/// - an option given twice keeps its last value;
/// - `-h`/`--help` anywhere before `--` wins over everything else, even a usage error, and
///   `--version` next, then `--generate-completion-script SHELL` and `--generate-manual`.
///
/// The top-level command, the one declared with a `version`, is the only one with
/// `--version`, `--generate-completion-script` and `--generate-manual`: they describe the
/// whole tool, so the entry point answers them with every command's outline.
///
/// Subcommands such as `pinboard manifest SHEET` are commands of their own, with their
/// own `Value`, whose `name` is the words that invoke them; a `CommandTree` declares them
/// under the top-level command, picks one by the first argument and passes it the rest.
package struct Command<Value> {
    /// The words that invoke the command, as usage and error messages show them.
    package let name: String
    /// The one-line overview.
    package let abstract: String
    /// Paragraphs after the overview, separated by blank lines; empty for none.
    package let discussion: String
    /// The version `--version` prints, or `nil` for a command without `--version`.
    package let version: String?
    /// The values of a command line that gives no options.
    package let defaults: Value
    /// The options, in the order `--help` lists them; `--help` and `--version` are added.
    package let options: [Option]
    /// The positional arguments, in order.
    package let positionals: [Positional]
    /// Checks what the declarations cannot see one at a time: options that need or
    /// exclude each other.
    package let validate: (Value) throws(UsageError) -> Void
    /// Headings for `--help` and the summary `-h` shows; nil lists every option under OPTIONS.
    package let helpLayout: HelpLayout?

    package init(
        name: String, abstract: String, discussion: String = "", version: String? = nil,
        defaults: Value, options: [Option], positionals: [Positional] = [],
        helpLayout: HelpLayout? = nil,
        validate: @escaping (Value) throws(UsageError) -> Void = { _ in }
    ) {
        self.helpLayout = helpLayout
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.version = version
        self.defaults = defaults
        self.options = options
        self.positionals = positionals
        self.validate = validate
    }

    /// The declared options followed by the built-in `--help` and, for the top-level
    /// command, `--version`, `--generate-completion-script` and `--generate-manual`:
    /// everything `--help` lists and every spelling a suggestion may offer.
    package var allOptions: [Option] {
        let help = Option(long: "help", short: "h", help: "Show this help and exit.",
                          kind: .flag { _ in }, defaultDescription: { _ in nil })
        guard version != nil else {
            return options + [help]
        }
        let version = Option(long: "version", short: nil, help: "Show the version and exit.",
                             kind: .flag { _ in }, defaultDescription: { _ in nil })
        let shells = CompletionShell.allValueStrings
        let completionScript = Option(
            long: Self.completionScriptOption, short: nil,
            help: "Print a script that completes the commands, options and their values in the shell, and exit.",
            kind: .value(name: shells.joined(separator: "|"), expectation: CompletionShell.expectation,
                         allowedValues: shells, completion: .values(shells)) { _, text in
                CompletionShell(argument: text) != nil
            },
            defaultDescription: { _ in nil })
        let manual = Option(long: Self.manualOption, short: nil, help: "Print the manual page, in roff, and exit.",
                            kind: .flag { _ in }, defaultDescription: { _ in nil })
        return options + [help, version, completionScript, manual]
    }

    private static var completionScriptOption: String { "generate-completion-script" }
    private static var manualOption: String { "generate-manual" }

    /// Parses a command line, without the program name.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - helpWidth: The width to wrap help text to, in characters.
    /// - Returns: The filled-in value, or the help or version text to print.
    /// - Throws: `UsageError` for the first argument, in order, that does not fit; then
    ///   for a missing positional; then whatever `validate` finds.
    package func parse(_ arguments: [String], helpWidth: Int) throws(UsageError) -> ParseOutcome<Value> {
        if arguments.isEmpty, !positionals.isEmpty {
            throw .noArguments
        }
        let optionArguments = arguments.prefix { $0 != "--" }
        if optionArguments.contains("--help") {
            return .help(HelpFormatter(width: helpWidth).render(self))
        }
        if optionArguments.contains("-h") {
            return .help(HelpFormatter(width: helpWidth).shortHelp(self))
        }
        if let version, optionArguments.contains("--version") {
            return .version("\(name) \(version)")
        }
        if version != nil, let shell = try requestedShell(in: optionArguments) {
            return .completionScript(shell)
        }
        if version != nil, optionArguments.contains("--" + Self.manualOption) {
            return .manual
        }
        var value = defaults
        var positionalArguments: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                positionalArguments += remaining
                break
            }
            guard ArgumentSyntax.looksLikeOption(argument) else {
                positionalArguments.append(argument)
                continue
            }
            for (option, inlineValue) in try lookUp(argument) {
                switch option.kind {
                case .flag(let set):
                    if let inlineValue {
                        throw .unexpectedValue(inlineValue, option: option.longSpelling)
                    }
                    set(&value)
                case .value(let valueName, let expectation, let allowedValues, _, let apply):
                    let text: String
                    if let inlineValue {
                        text = inlineValue
                    } else if let next = remaining.first, !ArgumentSyntax.looksLikeOption(next) {
                        text = next
                        remaining.removeFirst()
                    } else {
                        throw .missingValue(option: option.longSpelling, valueName: valueName)
                    }
                    guard apply(&value, text) else {
                        let suggestion = SpellingSuggestion.nearest(to: text, in: allowedValues)
                        throw .invalidValue(text, option: option.longSpelling, expected: expectation, suggestion: suggestion)
                    }
                case .optionalValue(_, let expectation, let allowedValues, let apply):
                    // `--update changed` reads `changed` as an argument of its own: said so.
                    if inlineValue == nil, let next = remaining.first,
                       !next.isEmpty, next.split(separator: ",").allSatisfy({ allowedValues.contains(String($0)) }) {
                        throw .valueAfterEquals(next, option: option.longSpelling)
                    }
                    guard apply(&value, inlineValue) else {
                        let text = inlineValue ?? ""
                        let suggestion = SpellingSuggestion.nearest(to: text, in: allowedValues)
                        throw .invalidValue(text, option: option.longSpelling, expected: expectation, suggestion: suggestion)
                    }
                }
            }
        }
        try fillPositionals(from: positionalArguments, into: &value)
        try validate(value)
        return .run(value)
    }

    /// The shell `--generate-completion-script` asks for, if it is given: its value is the
    /// next argument or follows `=`, as for any option.
    private func requestedShell(in arguments: ArraySlice<String>) throws(UsageError) -> CompletionShell? {
        let spelling = "--" + Self.completionScriptOption
        guard let index = arguments.firstIndex(where: { $0 == spelling || $0.hasPrefix(spelling + "=") }) else {
            return nil
        }
        let argument = arguments[index]
        let text: String
        if argument.count > spelling.count {
            text = String(argument.dropFirst(spelling.count + 1))
        } else if index + 1 < arguments.endIndex, !ArgumentSyntax.looksLikeOption(arguments[index + 1]) {
            text = arguments[index + 1]
        } else {
            throw .missingValue(option: spelling, valueName: CompletionShell.allValueStrings.joined(separator: "|"))
        }
        guard let shell = CompletionShell(argument: text) else {
            throw .invalidValue(text, option: spelling, expected: CompletionShell.expectation,
                                suggestion: SpellingSuggestion.nearest(to: text, in: CompletionShell.allValueStrings))
        }
        return shell
    }

    /// What to print on stderr for a usage error: the message, then where to find help.
    /// A command line with no arguments at all gets the overview and usage instead of an
    /// error, since whoever typed it most likely wanted to know what the command does.
    package func errorText(for error: UsageError, helpWidth: Int = 80) -> String {
        guard error != .noArguments else {
            return HelpFormatter(width: helpWidth).summary(self) + "\nSee '\(name) --help' for the options.\n"
        }
        return "Error: \(error.message)\nSee '\(name) --help'.\n"
    }

    /// The options an argument names, each with the value it was given in the argument
    /// itself: `--name=value`'s, or a short option's run-in value (`-c4`, `-ox.png`,
    /// `-o=x.png`) after any flags grouped before it (`-qc4`). A short option whose value is
    /// not in the argument takes the next one.
    private func lookUp(_ argument: String) throws(UsageError) -> [(Option, inlineValue: String?)] {
        let options = allOptions
        if argument.hasPrefix("--") {
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let inlineValue = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
            guard let option = options.first(where: { $0.long == name }) else {
                let suggestion = SpellingSuggestion.nearest(to: name, in: options.map(\.long))
                throw .unknownOption("--" + name, suggestion: suggestion.map { "--" + $0 })
            }
            return [(option, inlineValue)]
        }
        let body = argument.dropFirst()
        // A long option typed with one dash reads as a short one run into nonsense (`-width`
        // as `-w idth`): said as what it most likely is.
        if body.count > 1, let long = options.first(where: { $0.long == String(body.prefix { $0 != "=" }) }) {
            throw .unknownOption(argument, suggestion: "--" + long.long)
        }
        var named: [(Option, inlineValue: String?)] = []
        var rest = body
        while let letter = rest.first {
            guard let option = options.first(where: { $0.short == letter }) else {
                throw .unknownOption(argument, suggestion: body.count == 1 ? nil : SpellingSuggestion.nearest(
                    to: String(body.prefix { $0 != "=" }), in: options.map(\.long)).map { "--" + $0 })
            }
            rest = rest.dropFirst()
            guard option.takesValue, !rest.isEmpty else {
                named.append((option, nil))
                continue
            }
            named.append((option, String(rest.first == "=" ? rest.dropFirst() : rest)))
            break
        }
        return named
    }

    /// Hands the positional arguments to the declared positionals, in order.
    private func fillPositionals(from arguments: [String], into value: inout Value) throws(UsageError) {
        var remaining = arguments[...]
        for positional in positionals {
            let taken = positional.isRepeating ? remaining : remaining.prefix(1)
            guard !taken.isEmpty || positional.isOmittable else {
                throw .missingArgument(positional.usageName)
            }
            for text in taken {
                guard positional.apply(&value, text) else {
                    throw .invalidValue(text, option: positional.valueName, expected: positional.expectation,
                                        suggestion: nil)
                }
            }
            remaining = remaining.dropFirst(taken.count)
        }
        if let extra = remaining.first {
            throw .unexpectedArgument(extra)
        }
    }
}
