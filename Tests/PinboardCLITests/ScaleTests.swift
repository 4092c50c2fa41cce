import Foundation
import Testing
import TestSupport

/// Runs at the sizes where limits show: 200,000 sources, and a sheet of more than 2³¹
/// bytes of pixels. Minutes each, so only on request:
/// `PINBOARD_SCALE_TESTS=1 swift test -c release --filter ScaleTests`.
@Suite("Scale", .enabled(if: ProcessInfo.processInfo.environment["PINBOARD_SCALE_TESTS"] == "1",
                         "minutes each; set PINBOARD_SCALE_TESTS=1"))
struct ScaleTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// `count` copies of a 7×9 PNG in `photos/`, named `tiny-N.png`.
    func tinyFiles(_ count: Int) throws {
        let photos = try folder.folder("photos")
        let bytes = try Fixture.bytes(Fixture.path("solid/purple-7x9.png"))
        for index in 0..<count {
            try bytes.write(to: URL(fileURLWithPath: photos + "/tiny-\(index).png"))
        }
    }

    func manifestItems(_ path: String) throws -> Int {
        let json = try #require(FileManager.default.contents(atPath: path))
        let manifest = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        return (manifest["items"] as? [Any])?.count ?? 0
    }

    @Test("--layout-only and a full sheet over 200,000 tiny files place every one")
    func twoHundredThousandFiles() throws {
        try tinyFiles(200_000)
        let layout = try ToolRun.pinboard(["photos", "--layout-only", "--manifest", "layout.json"], in: folder.path)
        #expect(layout.status == 0, "\(layout.stderr)")
        #expect(try manifestItems(folder.path + "/layout.json") == 200_000)
        let sheet = try ToolRun.pinboard(
            ["photos", "--width", "1200", "-c", "100", "-p", "1", "-o", "sheet.png", "--manifest", "sheet.json"], in: folder.path)
        #expect(sheet.status == 0, "\(sheet.stderr)")
        #expect(try manifestItems(folder.path + "/sheet.json") == 200_000)
    }

    @Test("5,000 names that are not UTF-8, each holding a descriptor for the run, are all placed")
    func manyNonUTF8Names() throws {
        let bytes = try Fixture.bytes(Fixture.path("solid/purple-7x9.png"))
        for index in 0..<5_000 {
            try folder.file(named: [0xE9] + Array("-\(index).png".utf8), in: "photos", contents: bytes)
        }
        let run = try ToolRun.command(
            "bash", ["-c", "ulimit -Sn 1024; exec \"$0\" \"$@\"", ToolRun.executable.path,
                     "photos", "--layout-only", "--manifest", "layout.json"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try manifestItems(folder.path + "/layout.json") == 5_000)
    }

    @Test("A sheet of more than 2³¹ bytes of pixels is written and read back by pinboard diff")
    func sheetPast2GiB() throws {
        // 600 tiles of about 1000×1282 in one column: 1000 × 769,000 RGB pixels, 2.3 GB.
        try tinyFiles(600)
        let run = try ToolRun.pinboard(["photos", "--width", "1000", "-c", "1", "-o", "tall.png"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        let header = try #require(FileHandle(forReadingAtPath: folder.path + "/tall.png")).readData(ofLength: 26)
        let width = header[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = header[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width * height * 3 > 1 << 31, "\(width)×\(height)")
        let diff = try ToolRun.pinboard(["diff", "tall.png", "tall.png"], in: folder.path)
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout.hasPrefix("600 unchanged, 0 changed"))
    }
}
