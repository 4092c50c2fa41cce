/// A shell that `--generate-completion-script` writes a script for.
package enum CompletionShell: String, CaseIterable, Sendable, ExpressibleByArgument {
    case bash, zsh, fish
}
