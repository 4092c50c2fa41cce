/// How an argument reads before any command looks it up: what `Command.parse` and
/// `CommandTree.parse` agree on, so a word the tree may take for a subcommand is one the
/// parser would take for a positional.
enum ArgumentSyntax {
    /// An argument that names an option: a dash and then not a digit, so `-` and negative
    /// numbers are values.
    static func looksLikeOption(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), let next = argument.dropFirst().first else {
            return false
        }
        return !("0"..."9").contains(next)
    }
}
