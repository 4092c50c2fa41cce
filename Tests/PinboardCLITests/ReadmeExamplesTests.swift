import Foundation
import Testing
import TestSupport

/// Every `pinboard` command in README's shell blocks, run as a new user would run it: the
/// built binary first on `PATH`, through `/bin/sh -c`, in a fresh folder holding the
/// sample folders README names. Each block runs in its own folder, its commands in order
/// (the diff example compares the sheets the block's first two commands made).
///
/// A new example that names a folder not in `samples` fails here, with pinboard's own
/// message about the missing input: add the folder to `samples`.
@Suite("README's examples")
struct ReadmeExamplesTests {
    /// The folders README's examples read, each file made from a fixture: path in the
    /// example's folder (which is also `HOME`, for `~/Pictures/trip`) → path in `Fixtures/`.
    /// A fixture that is a folder is copied whole.
    static let samples: [(path: String, fixture: String)] = [
        ("Fixtures/photos", "photos"),
        ("camera-roll", "dates"),
        ("Pictures/trip/chelsea.jpg", "photos/chelsea.jpg"),
        ("Pictures/trip/rocket.webp", "photos/rocket.webp"),
        ("Pictures/trip/camera.gif", "photos/camera.gif"),
        ("trip/hubble.webp", "photos/hubble.webp"),
        ("trip/coffee.png", "photos/coffee-p3.png"),
        ("trip/chelsea.jpg", "photos/chelsea.jpg"),
        ("trip/panorama.png", "solid/blue-64x16.png"),
        ("trips/rome/astronaut.heic", "photos/astronaut.heic"),
        ("trips/rome/retina.tif", "photos/retina.tif"),
        ("trips/oslo/brick.avif", "photos/brick.avif"),
        ("trips/oslo/img1.png", "samples/img00001.png"),
        ("frames/frame1.png", "samples/img00002.png"),
        ("frames/frame2.png", "samples/img00003.png"),
        ("frames/frame3.png", "samples/img00004.png"),
        ("screenshots/home.png", "pngsuite/basn2c08.png"),
        ("screenshots/menu.png", "pngsuite/basn3p08.png"),
        // The pixel-test example: one screenshot changed, one removed, one added, as README's report shows.
        ("golden-shots/home.png", "pngsuite/basn2c08.png"),
        ("golden-shots/login/dark.png", "pngsuite/basn0g08.png"),
        ("golden-shots/settings/old.png", "pngsuite/basn3p08.png"),
        ("shots/home.png", "pngsuite/basn2c08.png"),
        ("shots/login/dark.png", "pngsuite/basn6a08.png"),
        ("shots/settings/new.png", "pngsuite/basn3p04.png"),
    ]

    /// Folders a checkout has that examples write into (`-o docs/board.png`).
    static let checkoutFolders = ["docs"]

    /// The exit status of the examples that do not exit 0, by their words: the diff
    /// example's sheets differ, as the report README shows under it says.
    static let statuses: [String: Int32] = [
        "pinboard diff golden.png current.png --threshold 2 -o diff.png": 1,
        "pinboard diff golden.png current.png --html report --junit report.xml": 1,
    ]

    /// The examples of one shell block, which run in order in one folder.
    struct Block: Sendable, CustomTestStringConvertible {
        let examples: [ReadmeExample]
        var testDescription: String {
            "README lines \(examples.first?.line ?? 0)–\(examples.last?.line ?? 0), \(examples.count) commands"
        }
    }

    /// README's examples, block by block; a block without one is left out.
    static func blocks() throws -> [Block] {
        try ReadmeCodeBlock.inReadme().map { Block(examples: ReadmeExample.all(in: [$0])) }.filter { !$0.examples.isEmpty }
    }

    @Test("README has examples, every one in a shell block, and every status here belongs to one")
    func coverage() throws {
        let blocks = try ReadmeCodeBlock.inReadme()
        let examples = ReadmeExample.all(in: blocks)
        #expect(examples.count >= 10, "found only \(examples.count) pinboard lines in README's shell blocks")
        #expect(ReadmeExample.unrunnable(in: blocks).isEmpty, "pinboard lines outside a shell block are not run")
        let commands = Set(examples.map(\.key))
        for command in Self.statuses.keys {
            #expect(commands.contains(command), "no README example is \(command)")
        }
    }

    @Test("Each example exits as README says and writes the files it names", arguments: try blocks())
    func block(_ block: Block) throws {
        let folder = try TemporaryFolder()
        try Self.makeSamples(in: folder)
        for example in block.examples {
            let before = try Self.files(in: folder.path)
            let run = try ToolRun.shell(example.command, in: folder.path, environment: ["HOME": folder.path])
            let expected = Self.statuses[example.key] ?? 0
            #expect(run.status == expected, """
                \(example.testDescription) exited \(run.status), README expects \(expected); \
                a folder it names missing from ReadmeExamplesTests.samples? \(run.stderr)
                """)
            let written = try Self.files(in: folder.path).filter { before[$0.key] != $0.value }.keys.sorted()
            for output in example.outputs {
                // An output that is a folder (a IIIF tree) matches the files written in it.
                let matches = written.filter { path in
                    let folders = path.split(separator: "/").dropLast().indices.map { path.split(separator: "/")[...$0].joined(separator: "/") }
                    return ([path] + folders).contains { ReadmeExample.path($0, matches: output) }
                }
                #expect(!matches.isEmpty, "\(example.testDescription) wrote no \(output.pattern); wrote \(written)")
                for path in matches { try Self.expectReadable(folder.path + "/" + path, from: example) }
            }
            for named in example.filesInComment {
                let written = example.outputs.contains { ReadmeExample.path(named, matches: $0) }
                #expect(written, "\(example.testDescription): its comment names \(named), which it does not write")
            }
        }
    }

    @Test("Shell words: quotes, backslashes, a # that starts a word begins a comment", arguments: [
        (#"pinboard a 'b c' "d \" e" f\ g  # h"#, ["pinboard", "a", "b c", #"d " e"#, "f g"]),
        (#"pinboard --background '#f4f1ea' x#y ''"#, ["pinboard", "--background", "#f4f1ea", "x#y", ""]),
    ])
    func words(line: String, words: [String]) {
        #expect(ReadmeExample.words(of: line) == words)
    }

    @Test("Examples: continuations joined, prompts dropped, comments kept, other commands and blocks left out")
    func extraction() {
        let markdown = """
            ```sh
            scripts/setup
            # Makes a.png
            $ pinboard photos/ \\
                -o a.png
            pinboard diff a.png b.png   # differs
            ```

            ```
            pinboard manifest a.png
            ```
            """
        let blocks = ReadmeCodeBlock.parse(markdown)
        let examples = ReadmeExample.all(in: blocks)
        #expect(examples.map(\.line) == [4, 6])
        #expect(examples.map(\.command) == ["pinboard photos/ -o a.png", "pinboard diff a.png b.png   # differs"])
        #expect(examples.map(\.key) == ["pinboard photos/ -o a.png", "pinboard diff a.png b.png"])
        #expect(examples.first?.comment == ["# Makes a.png"] && examples.first?.filesInComment == ["a.png"])
        #expect(ReadmeExample.unrunnable(in: blocks) == ["pinboard manifest a.png"])
    }

    @Test("The files an example writes: -o, --manifest, {name} for any batch, pages before the extension")
    func outputs() {
        let example = ReadmeExample(line: 1, command: "", comment: [], words: [
            "pinboard", "--each", "a", "b", "-o", "out/{name}.png", "--manifest={name}.json", "--max-height", "9"])
        let patterns = example.outputs
        #expect(patterns.count == 2)
        for (path, written) in [("out/a-1.png", true), ("out/b-12.png", true), ("out/a.png", false), ("out/x/a-1.png", false),
                                ("a-1.json", true), ("out/a-1.json", false)] {
            #expect(patterns.contains { ReadmeExample.path(path, matches: $0) } == written, "\(path)")
        }
    }

    static func makeSamples(in folder: TemporaryFolder) throws {
        for path in checkoutFolders { _ = try folder.folder(path) }
        for (path, fixture) in samples {
            _ = try folder.folder((path as NSString).deletingLastPathComponent)
            try Fixture.copy(fixture, to: folder.path + "/" + path)
        }
    }

    /// Every file below `root` (relative path → modification date), to tell the files a
    /// command wrote from those that were there.
    static func files(in root: String) throws -> [String: Date] {
        var files: [String: Date] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            let attributes = try FileManager.default.attributesOfItem(atPath: root + "/" + path)
            if attributes[.type] as? FileAttributeType == .typeRegular {
                files[path] = attributes[.modificationDate] as? Date
            }
        }
        return files
    }

    /// A written `.png` starts with PNG's signature and a `.json` parses.
    static func expectReadable(_ path: String, from example: ReadmeExample) throws {
        let bytes = try Fixture.bytes(path)
        if path.hasSuffix(".png") {
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "\(example.testDescription): \(path) is not a PNG")
        } else if path.hasSuffix(".json") {
            #expect(throws: Never.self, "\(example.testDescription): \(path) is not JSON") {
                try JSONSerialization.jsonObject(with: bytes)
            }
        }
    }
}
