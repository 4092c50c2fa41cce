import Foundation

/// The entry point: parses the command line and answers with one of three outcomes.
///
/// Help and version go to stdout with exit status 0; a usage error goes to stderr with
/// status 2. Running the request, and exit status 1 for its errors, is still to be wired.
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
                print(request)
            }
        } catch {
            FileHandle.standardError.write(Data(command.errorText(for: error).utf8))
            exit(2)
        }
    }
}
