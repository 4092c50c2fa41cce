import Foundation
import Testing
import TestSupport

/// Every output's format follows its name, `pinboard diff -o` included, and `{name}` is
/// refused before anything is decoded where no `--each` gives it a meaning.
@Suite("Output names")
struct OutputNamingTests {
    static let photo = Fixture.path("photos/brick.avif")

    @Test("A diff sheet's format follows its name", arguments: [
        ("diff.png", [0x89, 0x50, 0x4E, 0x47] as [UInt8]), ("diff.jpg", [0xFF, 0xD8, 0xFF]), ("diff.JPEG", [0xFF, 0xD8, 0xFF]),
        ("diff.webp", Array("RIFF".utf8)), ("diff.tif", Array("II*".utf8)), ("diff", [0x89, 0x50, 0x4E, 0x47]),
    ])
    func diffSheetFormat(name: String, magic: [UInt8]) throws {
        let folder = try TemporaryFolder()
        let run = try ToolRun.pinboard(["diff", Self.photo, Self.photo, "-o", name], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.path + "/" + name)))
        #expect(Array(bytes.prefix(magic.count)) == magic)
    }

    @Test("A diff sheet named for no format pinboard writes as one file is a usage error", arguments: [
        "diff.bmp", "diff.svg", "diff.dzi",
    ])
    func diffSheetRefused(name: String) throws {
        let folder = try TemporaryFolder()
        let run = try ToolRun.pinboard(["diff", Self.photo, Self.photo, "-o", name], in: folder.path)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Error: Invalid value '\(name)' for '--output'"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("{name} without --each is a usage error before anything is decoded", arguments: [
        ["-o", "{name}.png"], ["-o", "sheets/{name}.png"], ["--manifest", "{name}.json"], ["--html", "{name}.html"],
    ])
    func templateWithoutEach(arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let run = try ToolRun.pinboard(arguments + [Fixture.path("photos")], in: folder.path)
        #expect(run.status == 2)
        #expect(run.stderr.contains("requires '--each'"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
