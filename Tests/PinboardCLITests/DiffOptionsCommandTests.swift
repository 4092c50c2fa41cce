import Foundation
import Geometry
import TestSupport
import Testing

/// The built binary's `diff` with the pixel-test options and two folders: what it prints
/// and the exit status a CI job relies on (0 nothing fails, 1 something does, 2 cannot
/// compare or a wrong command line).
@Suite("pinboard diff: folders, anti-aliasing, ignored areas, budgets")
struct DiffOptionsCommandTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    static func white(_ width: Int, _ height: Int) -> [UInt8] { [UInt8](repeating: 255, count: width * height * 4) }

    /// `pixels` with the pixels at `points` of an image `width` wide made red.
    static func red(_ pixels: [UInt8], width: Int, at points: [(Int, Int)]) -> [UInt8] {
        var pixels = pixels
        for (x, y) in points {
            pixels.replaceSubrange((y * width + x) * 4..<(y * width + x) * 4 + 4, with: [220, 20, 20, 255])
        }
        return pixels
    }

    /// Folders a and b, each with one.png, two.png and sub/three.png, all white.
    func twins() throws -> (a: String, b: String) {
        try folder.folders("a/sub", "b/sub")
        for side in ["a", "b"] {
            try RGBAPNG.write(Self.white(8, 6), width: 8, named: "\(side)/one.png", in: folder)
            try RGBAPNG.write(Self.white(5, 5), width: 5, named: "\(side)/two.png", in: folder)
            try RGBAPNG.write(Self.white(3, 7), width: 3, named: "\(side)/sub/three.png", in: folder)
        }
        return (folder.path + "/a", folder.path + "/b")
    }

    @Test("Two identical folders exit 0 with the summary line")
    func identicalFolders() throws {
        let (a, b) = try twins()
        let run = try ToolRun.pinboard(["diff", a, b])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout == "3 unchanged, 0 changed, 0 only in A, 0 only in B (threshold 0)\n")
    }

    @Test("Folders with a file changed, one removed and one added exit 1, each named")
    func changedFolders() throws {
        let (a, b) = try twins()
        try FileManager.default.removeItem(atPath: b + "/two.png")
        try RGBAPNG.write(Self.white(2, 2), width: 2, named: "b/four.png", in: folder)
        try RGBAPNG.write(Self.red(Self.white(8, 6), width: 8, at: [(1, 1)]), width: 8, named: "b/one.png", in: folder)
        let run = try ToolRun.pinboard(["diff", a, b])
        #expect(run.status == 1)
        #expect(run.stdout == """
            changed   one.png   max 235, 1 of 48 pixels (2.08%), PSNR 20.48 dB
            only in A two.png
            only in B four.png
            1 unchanged, 1 changed, 1 only in A, 1 only in B (threshold 0)

            """)
        let lenient = try ToolRun.pinboard(["diff", "--fail-on", "changed", "--max-diff-pixels", "1", a, b])
        #expect(lenient.status == 0, "added and removed do not fail, and one pixel is within the budget")
        #expect(lenient.stdout.hasSuffix(
            "1 unchanged, 1 changed (1 within budget), 1 only in A, 1 only in B (threshold 0, budget 1 pixels, failing on changed)\n"))
    }

    @Test("A folder against a file, a missing folder, or a diff sheet for folders exit 2 naming the problem")
    func folderErrors() throws {
        let (a, b) = try twins()
        let file = try RGBAPNG.write(Self.white(2, 2), width: 2, named: "plain.png", in: folder)
        let mixed = try ToolRun.pinboard(["diff", a, file])
        #expect(mixed.status == 2)
        #expect(mixed.stderr == "Error: \(a): cannot read the sheet: a folder can only be compared with another folder\n")
        let missing = try ToolRun.pinboard(["diff", a, folder.path + "/nowhere"])
        #expect(missing.status == 2)
        let sheet = try ToolRun.pinboard(["diff", "-o", folder.path + "/diff.png", a, b])
        #expect(sheet.status == 2)
        #expect(sheet.stderr.contains("folders are compared file by file and have no diff sheet"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/diff.png"))
    }

    @Test("A circle anti-aliased two ways exits 1, and 0 with --ignore-antialiasing; a solid pixel still exits 1")
    func antialiasing() throws {
        let a = try RGBAPNG.write(
            InkedCoverage.disc(size: 40, centerX: 19.5, centerY: 20.3, radius: 13, samples: 4), width: 40, named: "a.png", in: folder)
        let circle = InkedCoverage.disc(size: 40, centerX: 19.5, centerY: 20.3, radius: 13, samples: 16)
        let b = try RGBAPNG.write(circle, width: 40, named: "b.png", in: folder)
        #expect(try ToolRun.pinboard(["diff", a, b]).status == 1)
        let forgiving = try ToolRun.pinboard(["diff", "--ignore-antialiasing", "-o", folder.path + "/diff.png", a, b])
        #expect(forgiving.status == 0)
        #expect(forgiving.stdout.contains("anti-aliased"))
        #expect(forgiving.stdout.hasSuffix("(threshold 0, anti-aliasing ignored)\n"))
        try RGBAPNG.write(Self.red(circle, width: 40, at: [(37, 2)]), width: 40, named: "b.png", in: folder)
        let solid = try ToolRun.pinboard(["diff", "--ignore-antialiasing", a, b])
        #expect(solid.status == 1)
        #expect(solid.stdout.hasPrefix("region    1x1+37+2  max 235, 1 pixels\n"))
    }

    @Test("--ignore and --ignore-file: a change inside passes, one pixel outside fails")
    func ignoredAreas() throws {
        let a = try RGBAPNG.write(Self.white(30, 20), width: 30, named: "a.png", in: folder)
        let clock = Self.red(Self.white(30, 20), width: 30, at: (20..<28).flatMap { x in (2..<6).map { (x, $0) } })
        let b = try RGBAPNG.write(clock, width: 30, named: "b.png", in: folder)
        #expect(try ToolRun.pinboard(["diff", "--ignore", "b.png:20,2,8x4", a, b]).status == 0)
        #expect(try ToolRun.pinboard(["diff", "--ignore", "*:20,2,8x3", a, b]).status == 1)
        #expect(try ToolRun.pinboard(["diff", "--ignore", "other.png:20,2,8x4", a, b]).status == 1)
        let file = folder.path + "/ignore.json"
        try Data(#"[{"name": "b.png", "x": 20, "y": 2, "width": 8, "height": 4}]"#.utf8).write(to: URL(fileURLWithPath: file))
        #expect(try ToolRun.pinboard(["diff", "--ignore-file", file, a, b]).status == 0)
        try Data("{".utf8).write(to: URL(fileURLWithPath: file))
        let damaged = try ToolRun.pinboard(["diff", "--ignore-file", file, a, b])
        #expect(damaged.status == 2)
        #expect(damaged.stderr.hasPrefix("Error: \(file): cannot use the ignore file: "))
    }

    @Test("--max-diff-pixels and --max-diff-ratio: at the budget exits 0, one over exits 1", arguments: [
        (["--max-diff-pixels", "4"], 0), (["--max-diff-pixels", "3"], 1), (["--max-diff-ratio", "0.04"], 0),
        (["--max-diff-ratio", "0.03"], 1),
    ])
    func budgets(arguments: [String], status: Int) throws {
        let a = try RGBAPNG.write(Self.white(10, 10), width: 10, named: "a.png", in: folder)
        let corners = Self.red(Self.white(10, 10), width: 10, at: [(0, 0), (9, 0), (0, 9), (9, 9)])
        let b = try RGBAPNG.write(corners, width: 10, named: "b.png", in: folder)
        #expect(try ToolRun.pinboard(["diff"] + arguments + [a, b]).status == Int32(status))
    }

    @Test("Bad values of the new options are usage errors, exit 2", arguments: [
        ["--threshold-color", "2"], ["--threshold-color", "1e-1"], ["--fail-on", "changed,moved"], ["--ignore", "b.png"],
        ["--ignore", "b.png:1,2,0x4"], ["--max-diff-ratio", "1.5"], ["--max-diff-pixels", "-1"],
    ])
    func usageErrors(arguments: [String]) throws {
        let run = try ToolRun.pinboard(["diff"] + arguments + ["a.png", "b.png"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Error: "))
        #expect(run.stderr.hasSuffix("See 'pinboard diff --help'.\n"))
    }

    @Test("--alpha-background: half-transparent black equals opaque grey over white, not over the checkerboard")
    func alphaBackground() throws {
        let a = try RGBAPNG.write([0, 0, 0, 128], width: 1, named: "a.png", in: folder)
        let b = try RGBAPNG.write([127, 127, 127, 255], width: 1, named: "b.png", in: folder)
        #expect(try ToolRun.pinboard(["diff", "--threshold-color", "0.1", a, b]).status == 0)
        #expect(try ToolRun.pinboard(["diff", "--threshold-color", "0.1", "--alpha-background", "white", a, b]).status == 0)
        let checkerboard = try ToolRun.pinboard(["diff", "--threshold-color", "0.1", "--alpha-background", "checkerboard", a, b])
        #expect(checkerboard.status == 1)
        #expect(checkerboard.stdout.hasSuffix("(threshold 0, colour 0.1, alpha over checkerboard)\n"))
        let wrong = try ToolRun.pinboard(["diff", "--alpha-background", "grey", a, b])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("'grey'") || wrong.stderr.contains("grey"))
    }

    @Test("--json carries each change's kind, verdict and counts, and the options")
    func json() throws {
        let (a, b) = try twins()
        try RGBAPNG.write(Self.red(Self.white(8, 6), width: 8, at: [(1, 1), (2, 1)]), width: 8, named: "b/one.png", in: folder)
        let run = try ToolRun.pinboard(["diff", "--json", "--max-diff-pixels", "1", "--ignore", "one.png:6,0,2x2", a, b])
        #expect(run.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: run.output) as? [String: Any])
        #expect(object["fails"] as? Bool == true)
        let options = try #require(object["options"] as? [String: Any])
        #expect(options["maxDiffPixels"] as? Int == 1)
        #expect(options["failOn"] as? [String] == ["changed", "resized", "added", "removed"])
        let ignored = try #require(options["ignored"] as? [[String: Any]])
        #expect(ignored.first?["name"] as? String == "one.png")
        let change = try #require((object["changed"] as? [[String: Any]])?.first)
        #expect(change["kind"] as? String == "changed")
        #expect(change["fails"] as? Bool == true)
        #expect(change["withinBudget"] as? Bool == false)
        #expect(change["changedPixels"] as? Int == 2)
        #expect(change["antialiasedPixels"] as? Int == 0)
        #expect(change["maskedPixels"] as? Int == 0)
        let regions = try #require(change["regions"] as? [[String: Any]])
        #expect(regions.first?["x"] as? Int == 1 && regions.first?["width"] as? Int == 2)
        #expect((change["ignored"] as? [[String: Any]])?.first?["width"] as? Int == 2)
    }
}
