import ArgumentParsing
import Foundation
@testable import PinboardCLI
import TestSupport
import Testing

/// `pinboard`'s one tree of commands: every command's option names apart, and a mistyped
/// subcommand answered as a usage error without taking a real folder's name from it.
@Suite("pinboard's command tree")
struct CommandTreeTests {
    @Test("No two options of a command share a long or short name, shared and built-in options included",
          arguments: PinboardTool.outline.commands.map(\.name))
    func optionNamesApart(command: String) throws {
        let outline = try #require(PinboardTool.outline.commands.first { $0.name == command })
        #expect(outline.nameCollisions == [])
    }

    @Test("The tree's commands are the ones the outline documents")
    func outlineFromTree() {
        #expect(PinboardTool.tree.commands.map(\.outline.name) == PinboardTool.outline.commands.map(\.name))
        #expect(PinboardTool.tree.nameCollisions.isEmpty)
    }

    @Test("A mistyped subcommand exits 2 suggesting it, with the pointer to --help", arguments: [
        (["dif", "a.png", "b.png"], "diff"), (["manfest", "board.png"], "manifest"), (["dmeo"], "demo"),
    ])
    func mistyped(arguments: [String], suggestion: String) throws {
        let folder = try TemporaryFolder()
        let run = try ToolRun.pinboard(arguments, in: folder.path)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "Error: Unknown subcommand '\(arguments[0])', and no file or folder of that name.\n"
            + "Did you mean '\(suggestion)'?\nSee 'pinboard --help'.\n")
    }

    @Test("'help' and 'help COMMAND' print that command's help, as --help does", arguments: [
        ([String](), "OVERVIEW: Lay out images"), (["diff"], "OVERVIEW: Compare two sheets"),
        (["manifest"], "OVERVIEW: Print the layout manifest"),
    ])
    func helpWord(after: [String], overview: String) throws {
        let folder = try TemporaryFolder()
        let run = try ToolRun.pinboard(["help"] + after, in: folder.path)
        let direct = try ToolRun.pinboard(after + ["--help"], in: folder.path)
        #expect(run.status == 0 && run.stderr.isEmpty)
        #expect(run.stdout.hasPrefix(overview))
        #expect(run.stdout == direct.stdout)
    }

    @Test("A real folder called 'dif' still makes a sheet")
    func realFolder() throws {
        let folder = try TemporaryFolder()
        let dif = folder.path + "/dif"
        try FileManager.default.createDirectory(atPath: dif, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Fixture.path("solid/red-40x30.png"), toPath: dif + "/red.png")
        let run = try ToolRun.pinboard(["dif", "-q", "-w", "100", "-o", "sheet.png"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/sheet.png"))
    }
}
