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
