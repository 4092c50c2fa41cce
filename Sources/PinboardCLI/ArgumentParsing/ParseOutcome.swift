/// What a command line asks for, once it has parsed without a usage error.
enum ParseOutcome<Value> {
    /// Run the command with these values.
    case run(Value)
    /// Print this help text on stdout and exit with status 0.
    case help(String)
    /// Print this version line on stdout and exit with status 0.
    case version(String)
}

extension ParseOutcome: Equatable where Value: Equatable {}
