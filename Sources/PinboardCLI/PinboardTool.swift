import Foundation
import Pinboard

/// The entry point: parses the command line and answers with one of three outcomes.
///
/// Help and version go to stdout with exit status 0; a usage error goes to stderr with
/// status 2; a request runs through `SheetRun`, which exits 1 on runtime errors.
@main
enum PinboardTool {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        switch arguments.first {
        case "demo": dispatch(DemoCommand.command, Array(arguments.dropFirst())) { DemoRun(request: $0).run() }
        case "diff": dispatch(DiffCommand.command, Array(arguments.dropFirst())) { DiffRun(request: $0).run() }
        case "manifest": dispatch(ManifestCommand.command, Array(arguments.dropFirst())) { ManifestRun(request: $0).run() }
        default: break
        }
        dispatch(PinboardCommand.command, arguments) { SheetRun(request: $0, commandName: "pinboard").run() }
    }

    /// Parses `arguments` for `command` and exits: 0 after help or version, 2 on a usage
    /// error, and whatever `run` returns otherwise.
    private static func dispatch<Value>(_ command: Command<Value>, _ arguments: [String], run: (Value) -> Int32) -> Never {
        let width = HelpFormatter.width(environment: ProcessInfo.processInfo.environment)
        do {
            switch try command.parse(arguments, helpWidth: width) {
            case .help(let text):
                print(text, terminator: "")
                exit(0)
            case .version(let line):
                print(line)
                exit(0)
            case .run(let request):
                let handlers = installSignalHandlers()
                let status = run(request)
                withExtendedLifetime(handlers) { exit(status) }
            }
        } catch {
            FileHandle.standardError.write(Data(command.errorText(for: error).utf8))
            exit(2)
        }
    }

    /// A closed pipe becomes a write error instead of killing the process, and an
    /// interrupt removes the half-written sheet before exiting.
    private static func installSignalHandlers() -> [any DispatchSourceSignal] {
        signal(SIGPIPE, SIG_IGN)
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
