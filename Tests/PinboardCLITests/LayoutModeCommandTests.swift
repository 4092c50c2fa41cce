import Foundation
import Testing
import TestSupport

@Suite("pinboard --layout")
struct LayoutModeCommandTests {
    /// Each tile's rect from a manifest: x, y, width, height.
    static func rects(_ manifest: String) throws -> [[Int]] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(manifest.utf8)) as? [String: Any])
        let items = try #require(json["items"] as? [[String: Any]])
        return try items.map { item in try ["x", "y", "width", "height"].map { try #require(item[$0] as? Int) } }
    }

    /// The manifest's `layout` member; nil when it is not written.
    /// The manifest's `layout` object as `key=value` words in key order; nil without one.
    static func mode(_ manifest: String) throws -> String? {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(manifest.utf8)) as? [String: Any])
        guard let layout = json["layout"] as? [String: Any] else { return nil }
        return layout.keys.sorted().map { "\($0)=\(layout[$0] ?? "")" }.joined(separator: " ")
    }

    /// A sheet of the photos made with `options` in a fresh folder, written to `output` there
    /// with its manifest on stdout: each tile's rect and the `layout` member.
    static func photoSheet(_ options: [String], output: String) throws -> (rects: [[Int]], mode: String?) {
        let folder = try TemporaryFolder()
        let run = try ToolRun.pinboard(options + ["-o", output, "--manifest", "-", Fixture.path("photos")], in: folder.path)
        try #require(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/" + output))
        return (try rects(run.stdout), try mode(run.stdout))
    }

    @Test("A justified sheet of the photos: rows of one height, each filling the width inside the padding")
    func justified() throws {
        let (rects, mode) = try Self.photoSheet(["--layout", "justified", "--row-height", "150", "-w", "800", "-p", "4"], output: "j.png")
        #expect(rects.count == 8)
        #expect(mode == "mode=justified rowHeight=150 rowTolerance=0.25 widows=left")
        let rows = Dictionary(grouping: rects, by: { $0[1] })
        #expect(rows.count >= 2)
        for (_, row) in rows {
            #expect(Set(row.map { $0[3] }).count == 1)
            #expect(row.allSatisfy { $0[0] >= 4 && $0[0] + $0[2] <= 796 })
        }
        // Every row but the last is a complete one: it ends at the padding's edge.
        for (y, row) in rows where y != rows.keys.max() {
            #expect(row.map { $0[0] + $0[2] }.max() == 796)
        }
    }

    @Test("A grid of the photos: four columns of square cells, each image contained in its cell")
    func grid() throws {
        let (rects, mode) = try Self.photoSheet(["--layout", "grid", "--columns", "4", "-w", "800", "-p", "5"], output: "g.png")
        #expect(rects.count == 8)
        #expect(mode == "cellHeight=190 cellWidth=190 fit=contain mode=grid")
        // Cells of 200 − 10 = 190 at x = 5 + 200·column, y = 5 + 200·row.
        for (index, rect) in rects.enumerated() {
            let cell = [5 + 200 * (index % 4), 5 + 200 * (index / 4), 190, 190]
            #expect(rect[0] >= cell[0] && rect[1] >= cell[1] && rect[0] + rect[2] <= cell[0] + 190 && rect[1] + rect[3] <= cell[1] + 190)
            #expect(rect[2] == 190 || rect[3] == 190, "tile \(index): \(rect)")
        }
    }

    @Test("A covering grid of the photos: every tile is its cell, cut from a source scaled to cover it")
    func coverGrid() throws {
        let folder = try TemporaryFolder()
        let run = try ToolRun.pinboard(
            ["--layout", "grid", "--fit", "cover", "--crop-focus", "attention", "--columns", "4", "-w", "800", "-p", "5",
             "-o", "g.png", "--manifest", "-", Fixture.path("photos")], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let items = try #require(json["items"] as? [[String: Any]])
        #expect(items.count == 8)
        for item in items {
            let number = { (key: String) throws -> Int in try #require(item[key] as? Int, "\(key) of \(item)") }
            #expect(try number("width") == 190 && number("height") == 190)
            #expect(try number("cellX") == number("x") && number("cellWidth") == 190)
            let scaled = (try number("scaledWidth"), try number("scaledHeight"))
            #expect(scaled.0 == 190 || scaled.1 == 190)
            #expect(try (0...scaled.0 - 190).contains(number("cropX")) && (0...scaled.1 - 190).contains(number("cropY")))
        }
        #expect(try Self.mode(run.stdout) == "cellHeight=190 cellWidth=190 fit=cover mode=grid")
    }

    @Test("A masonry manifest has no layout member")
    func masonryManifestUnchanged() throws {
        let folder = try TemporaryFolder()
        let run = try ToolRun.pinboard(["--layout-only", "--manifest", "-", Fixture.path("photos")], in: folder.path)
        #expect(run.status == 0)
        #expect(try Self.mode(run.stdout) == nil)
    }

    @Test("Settings of one layout are refused with another, and the tolerance outside 0–1", arguments: [
        ["--fit", "fill"], ["--layout", "justified", "--fit", "contain"], ["--cell-width", "40"],
        ["--widows", "center"], ["--layout", "grid", "--max-rows", "2"], ["--breaks", "optimal"],
        ["--placement", "balanced", "--span-wide", "3/2"], ["--layout", "justified", "--row-tolerance", "1.5"],
        ["--layout", "grid", "--even-bottom"], ["--layout", "justified", "--direction", "horizontal"],
        ["--crop-focus", "attention"], ["--layout", "grid", "--fit", "contain", "--crop-focus", "attention"],
    ])
    func usageErrors(arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let run = try ToolRun.pinboard(arguments + ["-o", "x.png", Fixture.path("photos")], in: folder.path)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("Error: "))
    }

    @Test("--placement balanced reads down each column, then across, and the manifest says so")
    func balancedPlacement() throws {
        let folder = try TemporaryFolder()
        let run = try ToolRun.pinboard(
            ["--placement", "balanced", "-c", "3", "-w", "600", "--layout-only", "--manifest", "-", Fixture.path("photos")],
            in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(json["placement"] as? String == "balanced")
        let lanes = try #require(json["items"] as? [[String: Any]]).compactMap { $0["lane"] as? Int }
        #expect(lanes.count == 8 && lanes == lanes.sorted() && Set(lanes) == [0, 1, 2])
    }

    @Test("--breaks optimal is recorded in the manifest's layout; greedy, the default, is not")
    func optimalBreaks() throws {
        let folder = try TemporaryFolder()
        for (breaks, mode) in [
            ("optimal", "breaks=optimal mode=justified rowHeight=320 rowTolerance=0.25 widows=left"),
            ("greedy", "mode=justified rowHeight=320 rowTolerance=0.25 widows=left"),
        ] {
            let run = try ToolRun.pinboard(
                ["--layout", "justified", "--breaks", breaks, "-w", "600", "--layout-only", "--manifest", "-", Fixture.path("photos")],
                in: folder.path)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try Self.mode(run.stdout) == mode)
        }
    }

    @Test("--max-rows skips the images past the last row, each named with the reason")
    func maxRows() throws {
        let folder = try TemporaryFolder()
        let run = try ToolRun.pinboard(
            ["--layout", "justified", "--max-rows", "1", "-w", "600", "--layout-only", "--manifest", "-", Fixture.path("photos")],
            in: folder.path)
        #expect(run.status == 0)
        #expect(try Self.mode(run.stdout) == "maxRows=1 mode=justified rowHeight=320 rowTolerance=0.25 widows=left")
        let placed = try Self.rects(run.stdout).count
        #expect(placed >= 1 && placed < 8)
        #expect(run.stderr.components(separatedBy: "after the last of the 1 rows").count - 1 == 8 - placed)
    }

    /// `--layout grid -c 3 --cell-width 37`: three columns (the sheet as wide as they need),
    /// not one row of the default width; both spellings of the centre are taken.
    @Test("A cell width with a column count gives that many columns")
    func cellWidthWithColumns() throws {
        let folder = try TemporaryFolder()
        let run = try ToolRun.pinboard(
            ["--layout-only", "--manifest", "-", "--layout", "grid", "-c", "3", "--cell-width", "37", Fixture.path("photos")],
            in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(json["lanes"] as? Int == 3 && json["width"] as? Int == 3 * (37 + 12))
        let items = try #require(json["items"] as? [[String: Any]])
        #expect(Set(items.compactMap { $0["cellX"] as? Int }) == [6, 55, 104])
    }

    @Test("centre and center are both taken", arguments: [
        ["--layout", "justified", "--widows", "centre"], ["--layout", "justified", "--widows", "center"],
        ["--even-bottom", "--crop-focus", "center"], ["--even-bottom", "--crop-focus", "centre"],
    ])
    func bothSpellings(arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let run = try ToolRun.pinboard(["--layout-only", "--manifest", "-"] + arguments + [Fixture.path("photos")], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
    }
}
