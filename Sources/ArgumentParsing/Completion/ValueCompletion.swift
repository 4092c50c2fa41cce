/// What a shell completion script offers for an option's value.
///
/// Declared with the option, so the scripts `--generate-completion-script` prints know
/// what the parser accepts:
///
/// ```swift
/// .option(\.output, long: "output", short: "o", valueName: "FILE", completion: .files, help: "…")
/// ```
package enum ValueCompletion: Equatable, Sendable {
    /// Nothing: a number, a colour or a title has no list to choose from, and offering
    /// file names there would only mislead.
    case freeText
    /// The names of files and folders.
    case files
    /// One of these words, the values of an enumeration.
    case values([String])
}
