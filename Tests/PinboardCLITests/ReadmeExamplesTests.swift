import Foundation
import Testing
import TestSupport

/// Every `pinboard` command in the shell blocks of README and of the pages of docs/ that
/// show commands (`documents`), run as a new user would run it: the built binary first on
/// `PATH`, through `/bin/sh -c`, in a fresh temporary folder holding the sample folders
/// the pages name, never in the checkout. Each block runs in its own folder, its commands
/// in order (the diff example compares the sheets the block's first two commands made).
///
/// A new example that names a folder not in `samples` fails here, with pinboard's own
/// message about the missing input: add the folder to `samples`.
@Suite("README's and the guide's examples")
struct ReadmeExamplesTests {
    /// The pages whose shell blocks are run, relative to the package root, with the fewest
    /// examples each must have (README one a use, the guide one a task).
    static let documents: [(path: String, least: Int)] = [
        ("README.md", 5),
        ("docs/guide.md", 20),
        ("docs/pixel-tests.md", 6),
    ]

    /// The folders the examples read, each file made from a fixture: path in the
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
        // The pixel-test example: one screenshot changed, one removed, one added, as the report on the pages shows.
        ("golden-shots/home.png", "pngsuite/basn2c08.png"),
        ("golden-shots/login/dark.png", "pngsuite/basn0g08.png"),
        ("golden-shots/settings/old.png", "pngsuite/basn3p08.png"),
        ("shots/home.png", "pngsuite/basn2c08.png"),
        ("shots/login/dark.png", "pngsuite/basn6a08.png"),
        ("shots/settings/new.png", "pngsuite/basn3p04.png"),
    ]

    /// The exit status of the examples that do not exit 0, by their words: the diff
    /// example's sheets differ, as the report the pages show under it says.
    static let statuses: [String: Int32] = [
        "pinboard diff golden.png current.png --threshold 2 -o diff.png": 1,
        "pinboard diff golden.png current.png --html report --junit report.xml": 1,
    ]

    /// The examples of one shell block, which run in order in one folder.
    struct Block: Sendable, CustomTestStringConvertible {
        let examples: [ReadmeExample]
        var testDescription: String {
            "\(examples.first?.document ?? "") lines \(examples.first?.line ?? 0)–\(examples.last?.line ?? 0), \(examples.count) commands"
        }
    }

    /// Every page's examples, block by block; a block without one is left out.
    static func blocks() throws -> [Block] {
        try documents.flatMap { try ReadmeCodeBlock.inDocument($0.path) }
            .map { Block(examples: ReadmeExample.all(in: [$0])) }.filter { !$0.examples.isEmpty }
    }

    @Test("Each page has examples, every one in a shell block", arguments: documents.map(\.path))
    func coverage(document: String) throws {
        let blocks = try ReadmeCodeBlock.inDocument(document)
        let examples = ReadmeExample.all(in: blocks)
        let least = Self.documents.first { $0.path == document }?.least ?? 1
        #expect(examples.count >= least, "found only \(examples.count) pinboard lines in \(document)'s shell blocks")
        #expect(ReadmeExample.unrunnable(in: blocks).isEmpty, "pinboard lines outside a shell block of \(document) are not run")
    }

    @Test("Every status here belongs to an example")
    func statusesBelong() throws {
        let commands = Set(try Self.blocks().flatMap(\.examples).map(\.key))
        for command in Self.statuses.keys {
            #expect(commands.contains(command), "no example is \(command)")
        }
    }

    @Test("No example writes into a folder of the checkout", arguments: try blocks())
    func writesOutsideTheCheckout(_ block: Block) throws {
        let checkout = try FileManager.default.contentsOfDirectory(atPath: ReadmeCodeBlock.packageRoot).filter { name in
            var folder: ObjCBool = false
            return !name.hasPrefix(".") && FileManager.default.fileExists(atPath: ReadmeCodeBlock.packageRoot + "/" + name, isDirectory: &folder)
                && folder.boolValue
        }
        #expect(checkout.contains("docs") && checkout.contains("Sources"))
        for example in block.examples {
            for path in example.outputPaths {
                let first = path.split(separator: "/").first.map(String.init) ?? path
                #expect(!checkout.contains(first) && !path.hasPrefix("/"), "\(example.testDescription) writes \(path), in the checkout")
            }
        }
    }

    @Test("scripts/make-doc-pictures.sh draws docs/' pictures with the guide's commands")
    func pictureScript() throws {
        let script = try String(contentsOfFile: ReadmeCodeBlock.packageRoot + "/scripts/make-doc-pictures.sh", encoding: .utf8)
        let guide = Set(try ReadmeCodeBlock.inDocument("docs/guide.md").flatMap { ReadmeExample.all(in: [$0]) }.map(\.key))
        let lines = script.split(separator: "\n").filter { $0.hasPrefix("\"$pinboard\" ") }
        #expect(lines.count == 6)
        for line in lines {
            let words = ["pinboard"] + ReadmeExample.words(of: String(line.dropFirst("\"$pinboard\" ".count)))
            #expect(words.contains { $0.hasPrefix("docs/") }, "\(line) does not write into docs/")
            let key = words.map { $0.hasPrefix("docs/") ? String($0.dropFirst("docs/".count)) : $0 }.joined(separator: " ")
            #expect(guide.contains(key), "the guide shows no \(key)")
        }
    }

    @Test("Each example exits as its page says and writes the files it names", arguments: try blocks())
    func block(_ block: Block) throws {
        let folder = try TemporaryFolder()
        try Self.makeSamples(in: folder)
        for example in block.examples {
            let before = try Self.files(in: folder.path)
            let run = try ToolRun.shell(example.command, in: folder.path, environment: ["HOME": folder.path])
            let expected = Self.statuses[example.key] ?? 0
            #expect(run.status == expected, """
                \(example.testDescription) exited \(run.status), its page expects \(expected); \
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
