import ArgumentParsing
import Foundation
@testable import PinboardCLI
import TestSupport
import Testing

/// `scripts/install`, given the binary the tests run (building a release one inside
/// `swift test` would wait on the build folder's lock): what goes where.
@Suite("scripts/install")
struct InstallScriptTests {
    static let script = URL(fileURLWithPath: Fixture.root).deletingLastPathComponent()
        .appendingPathComponent("scripts/install").path

    @Test("Installs the binary, the manual page and the three completion scripts under the prefix")
    func install() throws {
        let folder = try TemporaryFolder()
        let prefix = folder.path + "/prefix with space"
        let run = try ToolRun.command("bash", [Self.script, "--binary", ToolRun.executable.path, prefix])
        #expect(run.stderr.isEmpty)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("installed pinboard \(PinboardCommand.version) in \(prefix):\n"))
        let installed: [(path: String, text: String)] = [
            ("share/man/man1/pinboard.1", ManualPage(tool: PinboardTool.outline).text),
            ("share/bash-completion/completions/pinboard", CompletionScript(shell: .bash, tool: PinboardTool.outline).text),
            ("share/zsh/site-functions/_pinboard", CompletionScript(shell: .zsh, tool: PinboardTool.outline).text),
            ("share/fish/vendor_completions.d/pinboard.fish", CompletionScript(shell: .fish, tool: PinboardTool.outline).text),
        ]
        for (path, text) in installed {
            #expect(try String(contentsOfFile: prefix + "/" + path, encoding: .utf8) == text, "\(path)")
        }
        let binary = prefix + "/bin/pinboard"
        #expect(FileManager.default.isExecutableFile(atPath: binary))
        #expect(FileManager.default.contentsEqual(atPath: binary, andPath: ToolRun.executable.path))
    }

    @Test("A prefix not on PATH: the last lines say so and give the line that puts it there, which works", arguments: [
        ("home of 'me'/.local", true),
        ("opt/it's \"$x\" `y`", false),
    ])
    func pathNote(prefix relative: String, inHome: Bool) throws {
        let folder = try TemporaryFolder()
        let home = try folder.folder("home of 'me'")
        try Data("PATH=\"$HOME/.local/bin:$PATH\"\n".utf8).write(to: URL(fileURLWithPath: home + "/.profile"))
        let prefix = folder.path + "/" + relative
        let environment = ["PATH": "/usr/bin:/bin", "HOME": home, "SHELL": "/bin/bash"]
        let run = try ToolRun.command("bash", [Self.script, "--binary", ToolRun.executable.path, prefix], environment: environment)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let note = try #require(lines.firstIndex { $0.hasPrefix("note: ") })
        #expect(lines[note] == "note: \(prefix)/bin is not on PATH, so a new shell will not find pinboard; to put it there:")
        let line = lines[note + 1].trimmingCharacters(in: .whitespaces)
        if inHome {
            #expect(line == #"echo 'export PATH="$HOME/.local/bin:$PATH"' >> ~/.bashrc"#)
            #expect(lines.last == "  (your ~/.profile adds ~/.local/bin at your next login, now that it exists)")
        } else {
            #expect(lines.count == note + 2)
        }

        // Pasted into a shell, the line puts the prefix's bin folder first on a new shell's PATH.
        #expect(try ToolRun.command("bash", ["-c", line], environment: environment).status == 0)
        let shell = try ToolRun.command("bash", ["-c", #". ~/.bashrc; printf %s "$PATH""#], environment: environment)
        #expect(shell.stdout == prefix + "/bin:/usr/bin:/bin")
    }

    @Test("A prefix on PATH: no note")
    func onPath() throws {
        let folder = try TemporaryFolder()
        let prefix = folder.path + "/prefix"
        let run = try ToolRun.command("bash", [Self.script, "--binary", ToolRun.executable.path, prefix],
                                      environment: ["PATH": prefix + "/bin:/usr/bin:/bin"])
        #expect(run.status == 0)
        #expect(!run.stdout.contains("note:"))
    }

    @Test("--help says what goes where and exits 0")
    func help() throws {
        let run = try ToolRun.command("bash", [Self.script, "--help"])
        #expect(run.stdout.hasPrefix("Builds pinboard for release and installs it"))
        #expect(run.stdout.contains("usage: scripts/install [--binary PATH] [PREFIX]\n"))
        #expect(run.stdout.contains("PREFIX/share/man/man1/pinboard.1"))
        #expect(run.status == 0)
    }

    @Test("A wrong command line exits 2 and installs nothing", arguments: [["--prefix", "x"], ["a", "b"], ["--binary"]])
    func usageError(arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let run = try ToolRun.command("bash", [Self.script] + arguments, in: folder.path)
        #expect(run.stderr.hasPrefix("install: "))
        #expect(run.status == 2)
        #expect(try folder.names().isEmpty)
    }
}
