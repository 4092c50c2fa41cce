import Foundation
import TestSupport
import Testing

/// What `pinboard diff` and sheet making say where they used to mislead: a pair that
/// differs only by anti-aliasing is not "identical", `--ignore` names either file of a
/// plain pair, and a PNG missing only IEND is read with a warning.
@Suite("pinboard diff: honest words")
struct HonestWordsCommandTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test("Differences only by anti-aliasing are summed up as such, with the count and the largest difference")
    func antialiasingOnly() throws {
        let a = try RGBAPNG.write(
            InkedCoverage.disc(size: 40, centerX: 19.5, centerY: 20.3, radius: 13, samples: 4), width: 40, named: "a.png", in: folder)
        let b = try RGBAPNG.write(
            InkedCoverage.disc(size: 40, centerX: 19.5, centerY: 20.3, radius: 13, samples: 16), width: 40, named: "b.png", in: folder)
        let json = try ToolRun.pinboard(["diff", "--json", "--ignore-antialiasing", a, b])
        let object = try #require(try JSONSerialization.jsonObject(with: json.output) as? [String: Any])
        let forgiven = try #require(object["antialiasedPixels"] as? Int)
        #expect(forgiven > 0)
        let run = try ToolRun.pinboard(["diff", "--ignore-antialiasing", a, b])
        #expect(run.status == 0)
        let summary = try #require(run.stdout.split(separator: "\n").last)
        #expect(summary.hasPrefix("plain images, no differences beyond anti-aliasing (\(forgiven) pixels forgiven, max "))
        #expect(!summary.contains("identical"))
        let same = try ToolRun.pinboard(["diff", a, a])
        #expect(same.stdout.hasPrefix("plain images, identical: "))
    }

    @Test("--ignore applies by A's file name in a plain pair, as by B's")
    func ignoreByEitherName() throws {
        let white = DiffOptionsCommandTests.white(30, 20)
        let a = try RGBAPNG.write(white, width: 30, named: "golden.png", in: folder)
        let changed = DiffOptionsCommandTests.red(white, width: 30, at: (20..<28).flatMap { x in (2..<6).map { (x, $0) } })
        let b = try RGBAPNG.write(changed, width: 30, named: "actual.png", in: folder)
        #expect(try ToolRun.pinboard(["diff", "--ignore", "golden.png:20,2,8x4", a, b]).status == 0)
        #expect(try ToolRun.pinboard(["diff", "--ignore", "actual.png:20,2,8x4", a, b]).status == 0)
        #expect(try ToolRun.pinboard(["diff", "--ignore", "other.png:20,2,8x4", a, b]).status == 1)
    }

    /// A PNG of `name` and its copy without the last 12 bytes (the IEND chunk).
    func withoutIEND(_ name: String) throws -> (whole: String, cut: String) {
        let whole = try RGBAPNG.write(DiffOptionsCommandTests.red(DiffOptionsCommandTests.white(12, 9), width: 12, at: [(3, 4)]),
                              width: 12, named: name, in: folder)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        #expect(bytes.suffix(12).elementsEqual([0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]))
        let cut = folder.path + "/cut-" + name
        try bytes.dropLast(12).write(to: URL(fileURLWithPath: cut))
        return (whole, cut)
    }

    @Test("A PNG without IEND is compared by pinboard diff, with a warning naming it; one cut in its IDAT is an error")
    func diffWithoutIEND() throws {
        let (whole, cut) = try withoutIEND("shot.png")
        let run = try ToolRun.pinboard(["diff", whole, cut])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("plain images, identical: "))
        #expect(run.stderr == "Warning: \(cut): the PNG file ends without its IEND chunk after complete image data; read as it is\n")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        let damaged = folder.path + "/damaged.png"
        try bytes.dropLast(14).write(to: URL(fileURLWithPath: damaged))
        let refused = try ToolRun.pinboard(["diff", whole, damaged])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("truncated"))
    }

    @Test("A PNG without IEND is drawn on a sheet, with a warning naming it and nothing skipped")
    func sheetWithoutIEND() throws {
        let (_, cut) = try withoutIEND("shot.png")
        try folder.folders("photos")
        let source = folder.path + "/photos/shot.png"
        try FileManager.default.moveItem(atPath: cut, toPath: source)
        let run = try ToolRun.pinboard(["-o", "sheet.png", "photos"], in: folder.path)
        #expect(run.status == 0)
        #expect(run.stderr.contains("Warning: "))
        #expect(run.stderr.contains("shot.png: the PNG file ends without its IEND chunk after complete image data; read as it is"))
        #expect(!run.stderr.contains("skipped"))
    }
}
