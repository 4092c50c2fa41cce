import Foundation
import Testing
import TestSupport

/// `--sort`, `--seed`, `--files-from`, `--null` and `--dedupe` on the command line.
@Suite("pinboard --sort, --files-from, --dedupe")
struct OrderCommandTests {
    /// The manifest's items' sources, in board order.
    static func sources(_ manifest: String) throws -> [String] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(manifest.utf8)) as? [String: Any])
        let items = try #require(json["items"] as? [[String: Any]])
        return try items.map { try #require($0["source"] as? String) }
    }

    /// A folder with three images whose names hold a space, a newline and nothing odd.
    static func oddNames() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.copy(["dates/c-png.png": "with space.png", "dates/h-equal.png": "line\nbreak.png", "dates/i-no-exif.png": "plain.png"])
        return folder
    }

    @Test("A list of one path a line, spaces kept, read after the arguments")
    func newlines() throws {
        let folder = try Self.oddNames()
        try Data("plain.png\n with space.png\n\nwith space.png\n".utf8).write(to: URL(fileURLWithPath: folder.path + "/list.txt"))
        try FileManager.default.moveItem(atPath: folder.path + "/with space.png", toPath: folder.path + "/ with space.png")
        try Fixture.copy("dates/c-png.png", to: folder.path + "/with space.png")
        let run = try ToolRun.pinboard(["--files-from", "list.txt", "--layout-only", "--manifest", "-", "plain.png"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.sources(run.stdout) == ["plain.png", "plain.png", " with space.png", "with space.png"])
    }

    @Test("A NUL-separated list from stdin takes names with newlines, as find -print0 writes them")
    func nulls() throws {
        let folder = try Self.oddNames()
        let run = try ToolRun.shell(
            "printf 'line\\nbreak.png\\0with space.png\\0' | pinboard --files-from - --null --layout-only --manifest -", in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.sources(run.stdout) == ["line\nbreak.png", "with space.png"])
    }

    @Test("A missing list is a runtime error naming it, exit 1")
    func missingList() throws {
        let folder = try TemporaryFolder()
        let run = try ToolRun.pinboard(["--files-from", "no such list.txt", "-o", "out.png"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stderr == "Error: cannot read the list of files 'no such list.txt': No such file or directory\n")
    }

    @Test("Usage errors: a seed without random, --null without a list, no inputs at all", arguments: [
        (["--seed", "3", "x"], "Error: '--seed' requires '--sort random': only a shuffle has a seed."),
        (["--sort", "name", "--seed", "3", "x"], "Error: '--seed' requires '--sort random': only a shuffle has a seed."),
        (["--null", "x"], "Error: '--null' requires '--files-from': it says how that list is separated."),
        (["--sort", "date", "x"], "Error: Invalid value 'date' for '--sort': expected one of name|taken|modified|size|random."),
        (["-o", "x.png"], "Error: Missing argument 'INPUT...'."),
    ])
    func usage(arguments: [String], message: String) throws {
        let run = try ToolRun.pinboard(arguments)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix(message), "\(run.stderr)")
    }

    @Test("--sort random --seed: the same board for any --jobs")
    func seeded() throws {
        let folder = try TemporaryFolder()
        let names = (1...12).map { "img\($0).png" }
        for name in names { try Fixture.copy("dates/c-png.png", to: folder.path + "/" + name) }
        let orders = try [1, 2, 7].map { jobs in
            let run = try ToolRun.pinboard(["--sort", "random", "--seed", "11", "-j", "\(jobs)", "--layout-only", "--manifest", "-", "."],
                                           in: folder.path)
            #expect(run.stdout.contains(#""seed":"11","sort":"random""#), "the manifest records the order's settings")
            return try Self.sources(run.stdout)
        }
        #expect(orders.allSatisfy { $0 == orders[0] })
        #expect(orders[0] != names.map { "./" + $0 })
        #expect(Set(orders[0]) == Set(names.map { "./" + $0 }))
    }

    @Test("--dedupe: three copies give one tile and one warning counting the other two")
    func dedupe() throws {
        let folder = try TemporaryFolder()
        try folder.copy(["dates/c-png.png": "one.png", "dates/c-png.png": "two.png", "dates/c-png.png": "three.png"])
        let run = try ToolRun.pinboard(["--dedupe", "--layout-only", "--manifest", "-", "."], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.sources(run.stdout) == ["./one.png"])
        #expect(run.stderr == "Warning: --dedupe left out 2 duplicates (the manifest's skipped lists each with the file it copies)\n")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let skipped = try #require(json["skipped"] as? [[String: String]])
        #expect(skipped == [
            ["source": "./three.png", "reason": "a duplicate of ./one.png (the same SHA-256)"],
            ["source": "./two.png", "reason": "a duplicate of ./one.png (the same SHA-256)"],
        ])
    }
}

/// `--label` templates on the command line.
@Suite("pinboard --label TEMPLATE")
struct LabelTemplateCommandTests {
    @Test("An unparsable template is a usage error quoting it and saying what is wrong", arguments: [
        ("{taken:%Q}", "no date conversion '%Q' (%Y %y %m %d %H %M %S %%)"), ("{stem", "an unbalanced brace at character 1"),
        ("{colour}", "no field 'colour' (stem, name, width, height, taken, folder, size)"),
    ])
    func refused(template: String, reason: String) throws {
        let run = try ToolRun.pinboard(["--label", template, "x.png"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Error: Invalid value '\(template)' for '--label': expected name, stem, none or a template, but it has \(reason)"),
                "\(run.stderr)")
    }

    @Test("A template is recorded in the manifest as written")
    func recorded() throws {
        let folder = try TemporaryFolder()
        try Fixture.copy("dates/e-jpeg.jpg", to: folder.path + "/e.jpg")
        let run = try ToolRun.pinboard(["--label", "{stem} {taken:%Y-%m-%d}", "--layout-only", "--manifest", "-", "e.jpg"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#""label":"{stem} {taken:%Y-%m-%d}""#), "\(run.stdout)")
    }
}
