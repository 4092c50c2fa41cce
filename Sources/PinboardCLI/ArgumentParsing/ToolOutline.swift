/// A tool as its manual page and completion scripts present it: the top-level command,
/// its subcommands, what its exit statuses mean, and examples.
struct ToolOutline {
    /// The command the tool's name alone runs.
    let root: CommandOutline
    /// The commands picked by a word after the tool's name, in the order to list them.
    let subcommands: [CommandOutline]
    /// The version the manual page's header names.
    let version: String
    /// Every exit status and what it means, in order.
    let exitStatuses: [(status: Int32, meaning: String)]
    /// Command lines worth showing, each with what it does.
    let examples: [(command: String, meaning: String)]

    /// The tool's name, which is the top-level command's: `pinboard`.
    var name: String { root.name }

    /// The top-level command and then the subcommands.
    var commands: [CommandOutline] { [root] + subcommands }
}
