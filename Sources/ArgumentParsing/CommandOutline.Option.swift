extension CommandOutline {
    /// One option as completion scripts and the manual page present it.
    package struct Option {
        /// The long name without dashes: `output`.
        package let long: String
        package let short: Character?
        /// The one-line help, as `--help` shows it.
        package let help: String
        /// The value's placeholder (`FILE`, `lanczos3|box|bilinear|nearest`), or `nil` for a flag.
        package let valueName: String?
        /// What a shell offers for the value; `.freeText` for a flag.
        package let completion: ValueCompletion
        /// The default as `--help` shows it, if it shows one.
        package let defaultDescription: String?

        /// `--output`.
        package var longSpelling: String { "--" + long }

        /// Every spelling: `-o` and `--output`, or `--output` alone.
        package var spellings: [String] {
            (short.map { ["-\($0)"] } ?? []) + [longSpelling]
        }

        /// The help cut to its first clause, for the one-line descriptions a shell shows
        /// beside each option: "Where to write the sheet PNG" of "Where to write the sheet
        /// PNG; '-' writes it to stdout.". A clause ends at a full stop, semicolon or colon
        /// followed by a space, outside parentheses.
        package var summary: String {
            var depth = 0
            var previous: Character?
            var end = help.endIndex
            for index in help.indices {
                let character = help[index]
                switch character {
                case "(": depth += 1
                case ")": depth = max(0, depth - 1)
                case " " where depth == 0 && [".", ";", ":"].contains(previous):
                    end = help.index(before: index)
                default: break
                }
                if end != help.endIndex { break }
                previous = character
            }
            let clause = help[..<end]
            return String(clause.hasSuffix(".") ? clause.dropLast() : clause)
        }
    }
}
