import Foundation
import Pinboard
import Testing
import TestSupport

/// The built `pinboard` binary: stdout, stderr and exit status for each kind of outcome.
@Suite("pinboard executable")
struct ExecutableTests {
    @Test("The executable is built next to the tests")
    func exists() {
        #expect(FileManager.default.isExecutableFile(atPath: ToolRun.executable.path),
                "no pinboard at \(ToolRun.executable.path)")
    }

    @Test("--help prints the help on stdout and exits 0", arguments: [["--help"], ["-h"], ["x.png", "--bogus", "-h"]])
    func help(arguments: [String]) throws {
        let run = try ToolRun.pinboard(arguments)
        #expect(run.stdout == (arguments.contains("--help") ? HelpTextTests.expected : HelpTextTests.expectedShort))
        #expect(run.stderr.isEmpty)
        #expect(run.status == 0)
    }

    @Test("--version prints the version on stdout and exits 0")
    func version() throws {
        let run = try ToolRun.pinboard(["--version"])
        #expect(run.stdout == "pinboard \(PinboardVersion.current)\n")
        #expect(run.stderr.isEmpty)
        #expect(run.status == 0)
    }

    @Test("Usage errors go to stderr with a pointer to --help and exit 2", arguments: [
        (["x.png", "--colums", "4"], "Error: Unknown option '--colums'.\nDid you mean '--columns'?\n"),
        (["x.png", "--compression", "12"],
         "Error: Invalid value '12' for '--compression': expected an integer from 0 to 9.\n"),
        (["--placement=round_robin", "x.png"],
         "Error: Invalid value 'round_robin' for '--placement': expected one of shortest|round-robin|balanced.\n"
            + "Did you mean 'round-robin'?\n"),
        (["-o", "out.png", "--recursive"], "Error: Missing argument 'INPUT...'.\n"),
        (["x.png", "--height", "900"],
         "Error: '--height' requires '--direction horizontal': a vertical sheet's height follows from its images.\n"),
    ])
    func usageError(arguments: [String], message: String) throws {
        let run = try ToolRun.pinboard(arguments)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == message + "See 'pinboard --help'.\n")
        #expect(run.status == 2)
    }

    @Test("No arguments at all print the overview and usage on stderr and exit 2")
    func noArguments() throws {
        let run = try ToolRun.pinboard([])
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == """
            OVERVIEW: Lay out images as one Pinterest-style board or contact sheet.

            USAGE: pinboard [options] INPUT...

            See 'pinboard --help' for the options.

            """)
        #expect(run.status == 2)
    }

    @Test("A folder named like a subcommand is reached as ./NAME, and a usage error says so",
          arguments: ["diff", "demo", "manifest"])
    func folderNamedLikeSubcommand(name: String) throws {
        let folder = try TemporaryFolder()
        let inputs = try folder.folder(name)
        try folder.copy(["solid/red-40x30.png"], into: inputs)
        let mistaken = try ToolRun.pinboard([name, "--no-such-option"], in: folder.path)
        #expect(mistaken.status == 2)
        #expect(mistaken.stderr.hasSuffix("'\(name)' is also a file or folder here; to lay it out, write 'pinboard ./\(name)'.\n"))
        let run = try ToolRun.pinboard(["./" + name, "-o", "sheet.png"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try folder.names().contains("sheet.png"))
    }

    @Test("A valid command line exits 0, says nothing, and writes pinboard.png in the working directory")
    func valid() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.folder("photos")
        try folder.copy(["solid/red-40x30.png", "solid/blue-64x16.png"], into: photos)
        let run = try ToolRun.pinboard(["photos", "-c", "4", "-w", "200"], in: folder.path)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "wrote pinboard.png, 200×41 px, 2 tiles\n")
        #expect(run.status == 0)
        #expect(try folder.names() == ["photos", "pinboard.png"])
    }
}
