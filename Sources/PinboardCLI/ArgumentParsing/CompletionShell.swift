/// A shell that `--generate-completion-script` writes a script for.
enum CompletionShell: String, CaseIterable, ExpressibleByArgument {
    case bash, zsh, fish
}
