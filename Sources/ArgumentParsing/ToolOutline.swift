/// A tool as its manual page and completion scripts present it: the top-level command,
/// its subcommands, what its exit statuses mean, and examples.
///
/// Made by `CommandTree.outline(version:exitStatuses:examples:)`, so the commands the
/// documentation lists are the ones the tree dispatches to.
package struct ToolOutline {
    /// The command the tool's name alone runs.
    package let root: CommandOutline
    /// The commands picked by a word after the tool's name, in the order to list them.
    package let subcommands: [CommandOutline]
    /// The version the manual page's header names.
    package let version: String
    /// Every exit status and what it means, in order.
    package let exitStatuses: [(status: Int32, meaning: String)]
    /// Command lines worth showing, each with what it does.
    package let examples: [(command: String, meaning: String)]

    /// The tool's name, which is the top-level command's: `pinboard`.
    package var name: String { root.name }

    /// The top-level command and then the subcommands.
    package var commands: [CommandOutline] { [root] + subcommands }
}
