/// What a command line asks for, once it has parsed without a usage error.
enum ParseOutcome<Value> {
    /// Run the command with these values.
    case run(Value)
    /// Print this help text on stdout and exit with status 0.
    case help(String)
    /// Print this version line on stdout and exit with status 0.
    case version(String)
    /// Print the tool's completion script for this shell on stdout and exit with status 0.
    case completionScript(CompletionShell)
    /// Print the tool's manual page on stdout and exit with status 0.
    case manual
}

extension ParseOutcome: Equatable where Value: Equatable {}
extension ParseOutcome: Sendable where Value: Sendable {}
