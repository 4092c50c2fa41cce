extension CommandTree {
    /// What `CommandTree.parse` made of a command line: the command it picked and that
    /// command's outcome.
    package struct Invocation {
        /// The command that parsed the arguments, whose `errorText` words a usage error.
        package let command: RunnableCommand
        /// The subcommand's word, when the first argument picked one; `nil` for the root.
        /// A file or folder of that name is shadowed by the subcommand, which an error
        /// message may want to say.
        package let word: String?
        /// What to print or run, or the usage error to report with status 2.
        package let outcome: Result<ParseOutcome<() -> Int32>, UsageError>
    }
}
