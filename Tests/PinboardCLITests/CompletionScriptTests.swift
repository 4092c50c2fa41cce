import ArgumentParsing
import Foundation
@testable import PinboardCLI
import TestSupport
import Testing

/// `pinboard --generate-completion-script`: the bash script run by bash, the zsh and fish
/// scripts checked for every option and value the declarations have.
@Suite("Completion scripts")
struct CompletionScriptTests {
    /// A folder with a file, a file whose name has a space, and a folder whose name starts
    /// like two subcommands.
    static func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        _ = try folder.folder("docs")
        for name in ["photo.png", "my photo.png"] {
            _ = FileManager.default.createFile(atPath: folder.path + "/" + name, contents: Data())
        }
        return folder
    }

    /// What the bash script offers for a command line whose last word is being completed,
    /// as bash would call it: the script sourced from the built binary, `COMP_WORDS` and
    /// `COMP_CWORD` set, `_pinboard` run.
    static func bashCompletions(_ words: [String], in folder: TemporaryFolder) throws -> [String] {
        let script = """
            source <("$0" --generate-completion-script bash) || exit 3
            COMP_WORDS=("$@")
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            _pinboard
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let run = try ToolRun.command("bash", ["-c", script, ToolRun.executable.path] + words, in: folder.path)
        #expect(run.stderr.isEmpty)
        #expect(run.status == 0)
        return run.stdout.split(separator: "\n").map(String.init)
    }

    @Test("bash completes options, their values, subcommands and files", arguments: [
        (["pinboard", "--fil"], ["--filter", "--files-from"]),
        (["pinboard", "--filter", ""], ["lanczos3", "box", "bilinear", "nearest"]),
        (["pinboard", "--filter", "b"], ["box", "bilinear"]),
        (["pinboard", "--filter", "=", "b"], ["box", "bilinear"]),
        (["pinboard", "--filter", "="], ["lanczos3", "box", "bilinear", "nearest"]),
        (["pinboard", "in.png", "--label", ""], ["name", "stem", "none"]),
        (["pinboard", "--width", ""], []),
        (["pinboard", "--generate-completion-script", ""], ["bash", "zsh", "fish"]),
        (["pinboard", "d"], ["demo", "diff", "docs"]),
        (["pinboard", "-o", "ph"], ["photo.png"]),
        (["pinboard", "docs", "my"], ["my photo.png"]),
        (["pinboard", "--", "--f"], []),
        (["pinboard", "diff", "--th"], ["--threshold", "--threshold-color"]),
        (["pinboard", "diff", "a.png", "ph"], ["photo.png"]),
        (["pinboard", "demo", "--s"], ["--seed"]),
        (["pinboard", "manifest", "-"], ["-h", "--help"]),
    ])
    func bash(words: [String], expected: [String]) throws {
        let folder = try Self.folder()
        #expect(try Self.bashCompletions(words, in: folder).sorted() == expected.sorted())
    }

    @Test("bash offers every spelling of every option of every command after a dash")
    func bashEveryOption() throws {
        let folder = try Self.folder()
        for command in PinboardTool.outline.commands {
            let words = ["pinboard"] + (command.subcommandWord.map { [$0] } ?? []) + ["-"]
            let expected = command.options.flatMap(\.spellings)
            #expect(try Self.bashCompletions(words, in: folder) == expected, "\(command.name)")
        }
    }

    @Test("bash offers the values of every option that has a list of them")
    func bashEveryValue() throws {
        let folder = try Self.folder()
        var checked: [String] = []
        for command in PinboardTool.outline.commands {
            for option in command.options {
                guard case .values(let values) = option.completion else { continue }
                let words = ["pinboard"] + (command.subcommandWord.map { [$0] } ?? []) + [option.longSpelling, ""]
                #expect(try Self.bashCompletions(words, in: folder) == values, "\(option.longSpelling)")
                checked.append(option.longSpelling)
            }
        }
        #expect(checked == ["--format", "--placement", "--layout", "--widows", "--breaks", "--fit", "--direction", "--filter", "--group-by",
                            "--label", "--crop-focus", "--subsampling", "--tile-format", "--sort", "--generate-completion-script", "--alpha-background"])
    }

    @Test("The zsh script has a spec for every option, with its values, and registers itself")
    func zsh() throws {
        let script = CompletionScript(shell: .zsh, tool: PinboardTool.outline).text
        #expect(script.hasPrefix("#compdef pinboard\n"))
        for command in PinboardTool.outline.commands {
            #expect(script.contains("\(CompletionScript(shell: .zsh, tool: PinboardTool.outline).functionName(command))() {"))
            for option in command.options {
                let long = option.longSpelling + (option.valueName == nil ? "" : "=")
                let spelling = option.short.map { "{-\($0),\(long)}'[" } ?? "'\(long)["
                #expect(script.contains(spelling), "\(command.name) \(option.longSpelling)")
                if case .values(let values) = option.completion {
                    #expect(script.contains(":(" + values.joined(separator: " ") + ")'"), "\(option.longSpelling)")
                }
            }
        }
        #expect(script.contains("compdef _pinboard pinboard"))
    }

    @Test("The fish script has a line for every option of every command, with its values")
    func fish() throws {
        let script = CompletionScript(shell: .fish, tool: PinboardTool.outline).text
        let lines = script.split(separator: "\n")
        for command in PinboardTool.outline.commands {
            let condition = "complete -c pinboard -n 'test (__pinboard_command) = \(command.subcommandWord ?? "pinboard")'"
            for option in command.options {
                let short = option.short.map { " -s \($0)" } ?? ""
                let matching = lines.filter { $0.hasPrefix(condition + short + " -l \(option.long) ") }
                #expect(matching.count == 1, "\(command.name) \(option.longSpelling)")
                if case .values(let values) = option.completion {
                    #expect(matching.first?.contains(" -x -a '\(values.joined(separator: " "))' ") == true)
                }
            }
        }
        for word in ["demo", "diff", "manifest"] {
            #expect(script.contains("-n 'test (count (commandline -opc)) -eq 1' -a '\(word)'"))
        }
    }

    @Test("The binary prints each script, exactly as generated, and exits 0", arguments: CompletionShell.allCases)
    func printed(shell: CompletionShell) throws {
        let run = try ToolRun.pinboard(["--generate-completion-script", shell.rawValue])
        #expect(run.stdout == CompletionScript(shell: shell, tool: PinboardTool.outline).text)
        #expect(run.stderr.isEmpty)
        #expect(run.status == 0)
    }

    @Test("A shell that has no script is a usage error", arguments: [
        (["--generate-completion-script", "zhs"],
         "Error: Invalid value 'zhs' for '--generate-completion-script': expected one of bash|zsh|fish.\n"
            + "Did you mean 'zsh'?\n"),
        (["--generate-completion-script=tcsh"],
         "Error: Invalid value 'tcsh' for '--generate-completion-script': expected one of bash|zsh|fish.\n"),
        (["--generate-completion-script"], "Error: Missing value for '--generate-completion-script bash|zsh|fish'.\n"),
        (["--generate-completion-script", "-q"], "Error: Missing value for '--generate-completion-script bash|zsh|fish'.\n"),
    ])
    func unknownShell(arguments: [String], message: String) throws {
        let run = try ToolRun.pinboard(arguments)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == message + "See 'pinboard --help'.\n")
        #expect(run.status == 2)
    }

    @Test("The options are the top-level command's, anywhere before '--', after --help and --version", arguments: [
        (["--generate-completion-script", "fish"], ParseOutcome<SheetRequest>.completionScript(.fish)),
        (["in.png", "--generate-completion-script=zsh", "--bogus"], .completionScript(.zsh)),
        (["--generate-manual"], .manual),
        (["-o", "x.png", "--generate-manual", "--generate-completion-script", "bash"], .completionScript(.bash)),
        (["--generate-manual", "--version"], .version("pinboard \(PinboardCommand.version)")),
        (["--", "--generate-manual"], .run(SheetRequest(inputs: ["--generate-manual"]))),
        (["--", "--generate-completion-script", "bash"],
         .run(SheetRequest(inputs: ["--generate-completion-script", "bash"]))),
    ])
    func parsed(arguments: [String], outcome: ParseOutcome<SheetRequest>) throws {
        #expect(try parse(arguments) == outcome)
    }

    @Test("Subcommands have no options of the whole tool", arguments: ["--generate-manual", "--version"])
    func notInSubcommands(option: String) {
        #expect(throws: UsageError.unknownOption(option, suggestion: nil)) {
            try DiffCommand.command.parse(["a.png", "b.png", option], helpWidth: 80)
        }
    }

    @Test("Every subcommand in the scripts is one the binary dispatches to")
    func subcommandsDispatch() throws {
        for command in PinboardTool.outline.subcommands {
            let word = try #require(command.subcommandWord)
            let run = try ToolRun.pinboard([word, "--help"])
            let overview = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(overview.hasPrefix("OVERVIEW: \(command.abstract)"), "\(word)")
            #expect(run.status == 0)
        }
    }
}
