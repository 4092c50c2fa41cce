import PinboardIO
import Foundation
import Pinboard

/// The entry point: parses the command line and answers with one of three outcomes.
///
/// Help and version go to stdout with exit status 0; a usage error goes to stderr with
/// status 2; a request runs through `SheetRun`, which exits 1 on runtime errors.
@main
enum PinboardTool {
    static func main() {
        exit(status(for: Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs the command line and returns the exit status; the process exits in one place.
    ///
    /// Nothing below returns `Never`: Swift 6.3's optimiser miscompiles a generic function
    /// that ends every path in `exit` and calls a method of its generic argument in one of
    /// them (the error text came out empty or the process crashed, in release builds only),
    /// so `dispatch` returns the status and `main` exits.
    static func status(for arguments: [String]) -> Int32 {
        let word = arguments.first
        let rest = Array(arguments.dropFirst())
        return switch word {
        case "demo": dispatch(DemoCommand.command, rest, word: word) { DemoRun(request: $0).run() }
        case "diff": dispatch(DiffCommand.command, rest, word: word) { DiffRun(request: $0).run() }
        case "manifest": dispatch(ManifestCommand.command, rest, word: word) { ManifestRun(request: $0).run() }
        default: dispatch(PinboardCommand.command, arguments, word: nil) { SheetRun(request: $0, commandName: "pinboard").run() }
        }
    }

    /// Every command `status(for:)` dispatches to, with the exit statuses and examples of
    /// the manual page: what `--generate-completion-script` and `--generate-manual` print.
    static var outline: ToolOutline {
        ToolOutline(
            root: PinboardCommand.command.outline,
            subcommands: [DemoCommand.command.outline, DiffCommand.command.outline, ManifestCommand.command.outline],
            version: PinboardCommand.version,
            exitStatuses: PinboardCommand.exitStatuses,
            examples: PinboardCommand.examples
        )
    }

    /// Parses `arguments` for `command` and returns the exit status: 0 after help or
    /// version, 2 on a usage error, and whatever `run` returns otherwise.
    ///
    /// - Parameter word: the subcommand's word, when the first argument chose it. A
    ///   usage error then says how to reach a file or folder of that name, which the
    ///   subcommand shadows: `pinboard diff` with a folder called `diff` in sight.
    private static func dispatch<Value>(
        _ command: Command<Value>, _ arguments: [String], word: String?, run: (Value) -> Int32
    ) -> Int32 {
        let width = HelpFormatter.width(environment: ProcessInfo.processInfo.environment)
        let outcome: ParseOutcome<Value>
        do {
            outcome = try command.parse(arguments, helpWidth: width)
        } catch {
            var text = command.errorText(for: error, helpWidth: width)
            if let word, FileManager.default.fileExists(atPath: word) {
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
        case .run(let request):
            let handlers = installSignalHandlers()
            return withExtendedLifetime(handlers) { run(request) }
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
