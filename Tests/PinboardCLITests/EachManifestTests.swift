import ArgumentParsing
@testable import PinboardCLI
import TestSupport
import Testing

/// `--each` with several inputs writes one manifest per input, so a `--manifest` path must
/// say where each goes through `{name}`, as `-o` must.
@Suite("--each and --manifest")
struct EachManifestTests {
    @Test("A --manifest path without {name} is refused with --each and several inputs")
    func refused() {
        #expect(throws: UsageError.requires(option: "--manifest m.json", requirement: "{name} in --manifest",
                                            reason: "every input's manifest would overwrite the last one")) {
            try parse(["--each", "a", "b", "-o", "{name}.png", "--manifest", "m.json"])
        }
    }

    @Test("Accepted: {name} in the path, stdout, one input, or no --each", arguments: [
        ["--each", "a", "b", "-o", "{name}.png", "--manifest", "{name}.json"],
        ["--each", "a", "b", "-o", "{name}.png", "--manifest", "-"],
        ["--each", "a", "-o", "a.png", "--manifest", "m.json"],
        ["a", "b", "--manifest", "m.json"],
    ])
    func accepted(arguments: [String]) throws {
        _ = try parsedRequest(arguments)
    }

    @Test("The binary exits 2 naming {name}, before reading any input")
    func binary() throws {
        let folder = try TemporaryFolder()
        let run = try ToolRun.pinboard(["--each", "a", "b", "-o", "{name}.png", "--manifest", "m.json"], in: folder.path)
        #expect(run.status == 2)
        #expect(run.stderr == "Error: '--manifest m.json' requires '{name} in --manifest': every input's manifest "
            + "would overwrite the last one.\nSee 'pinboard --help'.\n")
    }
}
