/// How a command with many options arranges its help: `--help` lists them under headings
/// by task, and `-h` shows a summary that fits one screen (the options people use most and
/// where the rest are), as ripgrep's and fd's do. A command without one lists every option
/// under OPTIONS for both.
package struct HelpLayout {
    /// A heading and the long names of the options under it, in order. Options named under
    /// no heading are listed last, under OTHER OPTIONS, so none is ever left out.
    package let sections: [(heading: String, options: [String])]
    /// The long names of the options `-h` shows.
    package let summary: [String]
    /// Lines `-h` ends with: the subcommands, where the rest is.
    package let footer: [String]

    package init(sections: [(heading: String, options: [String])], summary: [String], footer: [String]) {
        self.sections = sections
        self.summary = summary
        self.footer = footer
    }
}
