/// What a command line asks for, once it has parsed without a usage error.
package enum ParseOutcome<Value> {
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

    /// The same outcome with the value to run turned into another; the other outcomes,
    /// which carry no value, are kept as they are.
    ///
    /// `CommandTree` binds each command's parsed value to its run this way, so commands
    /// of different `Value` types answer with one type.
    package func map<Other>(_ transform: (Value) -> Other) -> ParseOutcome<Other> {
        switch self {
        case .run(let value): .run(transform(value))
        case .help(let text): .help(text)
        case .version(let line): .version(line)
        case .completionScript(let shell): .completionScript(shell)
        case .manual: .manual
        }
    }
}

extension ParseOutcome: Equatable where Value: Equatable {}
extension ParseOutcome: Sendable where Value: Sendable {}
