import Foundation
import Pinboard

/// The entry point: parses the command line and answers with one of three outcomes.
///
/// Help and version go to stdout with exit status 0; a usage error goes to stderr with
/// status 2; a request runs through `SheetRun`, which exits 1 on runtime errors.
@main
enum PinboardTool {
    static func main() {
        let environment = ProcessInfo.processInfo.environment
        let command = PinboardCommand.command
        do {
            let arguments = Array(CommandLine.arguments.dropFirst())
            switch try command.parse(arguments, helpWidth: HelpFormatter.width(environment: environment)) {
            case .help(let text):
                print(text, terminator: "")
            case .version(let line):
                print(line)
            case .run(let request):
                let handlers = installSignalHandlers()
                let status = SheetRun(request: request, commandName: command.name).run()
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
