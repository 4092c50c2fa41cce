/// A spelling that names more than one option of a command: `-o` declared twice, or a
/// declared `--help`. The parser takes the first declared, so the others cannot be
/// reached by that name; `CommandTree.nameCollisions` lists every one, for a test to
/// insist there are none.
package struct OptionNameCollision: Equatable, Sendable, CustomStringConvertible {
    /// The command's words: `pinboard diff`.
    package let command: String
    /// The spelling two options share, dashes included: `-o`, `--output`.
    package let spelling: String
    /// How many of the command's options it names, at least 2.
    package let count: Int

    package var description: String {
        "\(command): '\(spelling)' names \(count) options"
    }
}
