import ArgumentParsing
import Foundation
import Pinboard
import PinboardIO

/// The entry point: parses the command line and answers with one of three outcomes.
///
/// Help and version go to stdout with exit status 0; a usage error goes to stderr with
/// status 2; a request runs through its command's run (`SheetRun` for `pinboard` itself),
/// which exits 1 on runtime errors.
@main
enum PinboardTool {
    static func main() {
        exit(status(for: Array(CommandLine.arguments.dropFirst())))
    }

    /// Every command of `pinboard`, declared once: dispatch, `--help`, the manual page
    /// and the completion scripts all read this tree.
    static var tree: CommandTree {
        CommandTree(
            root: RunnableCommand(PinboardCommand.command) { SheetRun(request: $0, commandName: "pinboard").run() },
            subcommands: [
                RunnableCommand(DemoCommand.command) { DemoRun(request: $0).run() },
                RunnableCommand(DiffCommand.command) { DiffRun(request: $0).run() },
                RunnableCommand(ManifestCommand.command) { ManifestRun(request: $0).run() },
            ]
        )
    }

    /// The tree with the exit statuses and examples of the manual page: what
    /// `--generate-completion-script` and `--generate-manual` print.
    static var outline: ToolOutline {
        tree.outline(version: PinboardCommand.version, exitStatuses: PinboardCommand.exitStatuses,
                     examples: PinboardCommand.examples)
    }

    /// Runs the command line and returns the exit status: 0 after help or version, 2 on a
    /// usage error, and whatever the command's run returns otherwise. The process exits in
    /// one place, `main`.
    ///
    /// Nothing below returns `Never`: Swift 6.3's optimiser miscompiles a generic function
    /// that ends every path in `exit` and calls a method of its generic argument in one of
    /// them (the error text came out empty or the process crashed, in release builds only),
    /// so `status(for:)` returns the status and `main` exits.
    static func status(for arguments: [String]) -> Int32 {
        let width = HelpFormatter.width(environment: ProcessInfo.processInfo.environment)
        let invocation = tree.parse(arguments, helpWidth: width, isExistingPath: { FileManager.default.fileExists(atPath: $0) })
        let outcome: ParseOutcome<() -> Int32>
        switch invocation.outcome {
        case .success(let parsed):
            outcome = parsed
        case .failure(let error):
            var text = invocation.command.errorText(for: error, helpWidth: width)
            // A subcommand shadows a file or folder of its name: `pinboard diff` with a
            // folder called `diff` in sight.
            if let word = invocation.word, FileManager.default.fileExists(atPath: word) {
                text += "'\(word)' is also a file or folder here; to lay it out, write 'pinboard ./\(word)'.\n"
            }
            // The text quotes the offending token, which may be a file name of any bytes.
            Terminal.write(text.split(separator: "\n", omittingEmptySubsequences: false).map { Terminal.escaped(String($0)) }
                .joined(separator: "\n"), to: STDERR_FILENO)
            return 2
        }
        switch outcome {
        case .help(let text):
            print(text, terminator: "")
            return 0
        case .version(let line):
            print(line)
            return 0
        case .completionScript(let shell):
            print(CompletionScript(shell: shell, tool: outline).text, terminator: "")
            return 0
        case .manual:
            print(ManualPage(tool: outline).text, terminator: "")
            return 0
        case .run(let run):
            let handlers = installSignalHandlers()
            return withExtendedLifetime(handlers) { run() }
        }
    }

    /// A closed pipe and a file-size limit (`ulimit -f`) become write errors naming the
    /// output instead of killing the process, and an interrupt removes the half-written
    /// sheet before exiting.
    private static func installSignalHandlers() -> [any DispatchSourceSignal] {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        return [(SIGINT, Int32(130)), (SIGTERM, Int32(143))].map { number, status in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                TemporaryFiles.shared.removeAll()
                exit(status)
            }
            source.resume()
            return source
        }
    }
}
