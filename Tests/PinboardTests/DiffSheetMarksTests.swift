import Differences
import Foundation
import Geometry
import Layout
import Pinboard
import PinboardCompare
import Raster
import SheetManifest
import TestSupport
import Testing

/// What the diff sheet draws for the new options: anti-aliased pixels in their own colour,
/// ignored areas hatched, a resized tile padded; on sheets tile by tile and on plain images.
@Suite("Diff sheet marks: anti-aliasing, ignored areas, padding")
struct DiffSheetMarksTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    static let circleA = InkedCoverage.disc(size: 40, centerX: 19.5, centerY: 20.3, radius: 13, samples: 4)
    static let circleB = InkedCoverage.disc(size: 40, centerX: 19.5, centerY: 20.3, radius: 13, samples: 16)

    /// The first pixel where the two circles differ: an edge pixel, anti-aliased.
    static var edge: (x: Int, y: Int) {
        let pixel = (0..<1600).first { (pixel: Int) -> Bool in circleA[pixel * 4..<pixel * 4 + 4] != circleB[pixel * 4..<pixel * 4 + 4] } ?? 0
        return (pixel % 40, pixel / 40)
    }

    /// One lane as wide as the 40-px sources, no gutter or margin: tiles are the sources' pixels.
    func sheet(_ side: String) throws -> (path: String, manifest: Manifest) {
        let path = folder.path + "/\(side).png"
        let plan = try SheetPlanner.plan(
            inputs: [folder.path + "/" + side],
            options: SheetOptions(lanes: 1, laneBreadth: 40, padding: 0, margin: 0, background: .white, jobs: 1))
        return (path, try SheetComposer.write(plan, to: path).manifest)
    }

    static let options = ComparisonOptions(
        criteria: PixelCriteria(ignoresAntialiasing: true),
        ignored: [IgnoredArea(pattern: NamePattern("circle.png"), rect: Rect(x: 0, y: 0, width: 12, height: 12))])

    @Test("On a sheet, the tile of a circle anti-aliased two ways is drawn with its edge in yellow and its ignored corner hatched")
    func tiles() throws {
        try folder.folders("a", "b")
        try RGBAPNG.write(Self.circleA, width: 40, to: folder.path + "/a/circle.png")
        try RGBAPNG.write(Self.circleB, width: 40, to: folder.path + "/b/circle.png")
        let a = try sheet("a")
        let b = try sheet("b")
        let report = try SheetComparer.compare(.file(a.path), .file(b.path), options: Self.options, diffSheet: .memory)
        #expect(!report.fails)
        #expect(report.tiles.first?.difference?.antialiasedPixels ?? 0 > 0)
        let diff = try #require(report.diffSheet)
        let item = try #require(b.manifest.items.first)
        #expect(diff.color(x: item.x + Self.edge.x, y: item.y + Self.edge.y) == DiffPaint.antialiasedColor)
        // Hatching paints (x + y) mod 6 < 2 of the area's pixels, in sheet coordinates.
        #expect(diff.color(x: item.x + (6 - item.y % 6) % 6, y: item.y) == DiffPaint.maskedColor)
    }

    @Test("On plain images, anti-aliased pixels, hatching and a solid change are drawn, rows in place despite the scanner's lag")
    func plain() throws {
        var solid = Self.circleB
        solid.replaceSubrange((30 * 40 + 37) * 4..<(30 * 40 + 37) * 4 + 4, with: [220, 20, 20, 255])
        try RGBAPNG.write(Self.circleA, width: 40, to: folder.path + "/circle-a.png")
        try RGBAPNG.write(solid, width: 40, to: folder.path + "/circle.png")
        let report = try SheetComparer.compare(
            .file(folder.path + "/circle-a.png"), .file(folder.path + "/circle.png"), options: Self.options, diffSheet: .memory)
        #expect(report.fails)
        #expect(report.regions.map(\.bounds) == [Rect(x: 37, y: 30, width: 1, height: 1)])
        let diff = try #require(report.diffSheet)
        #expect(diff.color(x: 37, y: 30) == DiffPaint.changedColor)
        #expect(diff.color(x: Self.edge.x, y: Self.edge.y) == DiffPaint.antialiasedColor)
        #expect(diff.color(x: 0, y: 0) == DiffPaint.maskedColor)
        #expect(diff.color(x: 2, y: 0) != DiffPaint.maskedColor)
        // Every pixel that did not change is B's own pixel of the same row, faded.
        var misplaced = 0
        for y in 12..<40 {
            for x in 0..<40 where Self.circleA[(y * 40 + x) * 4..<(y * 40 + x) * 4 + 4] == solid[(y * 40 + x) * 4..<(y * 40 + x) * 4 + 4] {
                let own = Color(red: solid[(y * 40 + x) * 4], green: solid[(y * 40 + x) * 4 + 1], blue: solid[(y * 40 + x) * 4 + 2])
                if diff.color(x: x, y: y) != SheetComparerTests.faded(own) { misplaced += 1 }
            }
        }
        #expect(misplaced == 0)
    }

    @Test("A resized tile is framed, compared over the common area, and what B has beyond it hatched")
    func padded() throws {
        try folder.folders("a", "b")
        try RGBAPNG.write([UInt8](repeating: 255, count: 40 * 20 * 4), width: 40, to: folder.path + "/a/page.png")
        try RGBAPNG.write([UInt8](repeating: 255, count: 40 * 30 * 4), width: 40, to: folder.path + "/b/page.png")
        let a = try sheet("a")
        let b = try sheet("b")
        let report = try SheetComparer.compare(.file(a.path), .file(b.path), diffSheet: .memory)
        let change = try #require(report.changes.first)
        #expect(change.kind == .resized)
        #expect(change.difference?.pixelCount == 40 * 20)
        #expect(change.difference?.changedPixels == 0)
        let diff = try #require(report.diffSheet)
        let item = try #require(b.manifest.items.first)
        #expect(diff.color(x: item.x, y: item.y) == DiffPaint.resizedColor, "the frame")
        #expect(diff.color(x: item.x + 10, y: item.y + 10) == Color.white, "the common area, unchanged")
        let padding = (x: item.x + 10, y: item.y + 24)
        #expect(diff.color(x: padding.x + (6 - (padding.x + padding.y) % 6) % 6, y: padding.y) == DiffPaint.resizedColor, "hatched")
    }
}
