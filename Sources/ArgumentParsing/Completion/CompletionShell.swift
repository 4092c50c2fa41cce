/// A shell that `--generate-completion-script` writes a script for.
public enum CompletionShell: String, CaseIterable, Sendable, ExpressibleByArgument {
    case bash, zsh, fish
}
