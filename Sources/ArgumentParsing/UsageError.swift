/// A command line that does not fit its command's declaration: exit status 2.
///
/// Each case carries the offending token as the user typed it, so the message can quote
/// it, and the option it concerns in its long spelling.
package enum UsageError: Error, Equatable {
    /// No arguments at all, for a command that needs some: answered with its usage.
    case noArguments
    /// An option that the command does not declare, with the nearest spelling it does,
    /// when one is close: `--colums` suggests `--columns`.
    case unknownOption(String, suggestion: String?)
    /// A first argument one slip of the keys from a subcommand's word, that names no
    /// file or folder either: `dif` for `diff`.
    case unknownSubcommand(String, suggestion: String)
    /// An option that takes a value came last, or before another option.
    case missingValue(option: String, valueName: String)
    /// A value that does not parse, or is out of range, with what was expected and the
    /// nearest valid value when the values are few and one is close.
    case invalidValue(String, option: String, expected: String, suggestion: String?)
    /// A value given apart to an option that takes one only after `=`: `--update changed`.
    case valueAfterEquals(String, option: String)
    /// A flag given a value with `=`, as in `--recursive=yes`.
    case unexpectedValue(String, option: String)
    /// A required positional argument that was not given, named by its value name.
    case missingArgument(String)
    /// A positional argument beyond those the command takes.
    case unexpectedArgument(String)
    /// An option given without another one it needs, and why it needs it.
    case requires(option: String, requirement: String, reason: String)
    /// Two options that cannot be used together, and why.
    case conflict(String, String, reason: String)

    /// The explanation, in one or two sentences, each on its own line.
    package var message: String {
        switch self {
        case .noArguments:
            "No arguments given."
        case .unknownOption(let token, let suggestion):
            "Unknown option '\(token)'." + didYouMean(suggestion)
        case .unknownSubcommand(let word, let suggestion):
            "Unknown subcommand '\(word)', and no file or folder of that name." + didYouMean(suggestion)
        case .missingValue(let option, let valueName):
            "Missing value for '\(option) \(valueName)'."
        case .invalidValue(let value, let option, let expected, let suggestion):
            "Invalid value '\(value)' for '\(option)': expected \(expected)." + didYouMean(suggestion)
        case .valueAfterEquals(let value, let option):
            "Option '\(option)' takes its value after '=', as in '\(option)=\(value)'; alone it means its default."
        case .unexpectedValue(let value, let option):
            "Option '\(option)' takes no value, but was given '\(value)'."
        case .missingArgument(let valueName):
            "Missing argument '\(valueName)'."
        case .unexpectedArgument(let argument):
            "Unexpected argument '\(argument)'."
        case .requires(let option, let requirement, let reason):
            "'\(option)' requires '\(requirement)': \(reason)."
        case .conflict(let first, let second, let reason):
            "'\(first)' and '\(second)' cannot be used together: \(reason)."
        }
    }

    private func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { "\nDid you mean '\($0)'?" } ?? ""
    }
}
