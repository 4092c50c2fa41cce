/// A command bound to what runs it, with its `Value` type hidden: what a `CommandTree`
/// holds, since commands of different `Value` types cannot share an array.
///
/// ```swift
/// RunnableCommand(DiffCommand.command) { request in DiffRun(request: request).run() }
/// ```
package struct RunnableCommand {
    /// The declaration as help, completion scripts and the manual page see it.
    package let outline: CommandOutline
    private let parseBound: ([String], Int) throws(UsageError) -> ParseOutcome<() -> Int32>
    private let describe: (UsageError, Int) -> String

    /// Binds `command` to `run`, which does the work for a parsed value and returns the
    /// process's exit status.
    package init<Value>(_ command: Command<Value>, run: @escaping (Value) -> Int32) {
        outline = command.outline
        parseBound = { arguments, width throws(UsageError) in
            try command.parse(arguments, helpWidth: width).map { value in { run(value) } }
        }
        describe = { error, width in command.errorText(for: error, helpWidth: width) }
    }

    /// Parses a command line for the command, as `Command.parse` does, with the value to
    /// run already bound to the command's run: calling it runs the command.
    ///
    /// - Throws: `UsageError` as `Command.parse` throws it.
    package func parse(_ arguments: [String], helpWidth: Int) throws(UsageError) -> ParseOutcome<() -> Int32> {
        try parseBound(arguments, helpWidth)
    }

    /// What to print on stderr for a usage error, as `Command.errorText` words it.
    package func errorText(for error: UsageError, helpWidth: Int) -> String {
        describe(error, helpWidth)
    }
}
