import Foundation
import Geometry
import Layout
import PNGCodec
import Pinboard
import Raster
import Testing
import TestSupport

/// Grid cells covered by their image: the sheet shows the cut the layout (or the attention
/// focus) chose, and the manifest records it.
@Suite("Grid cells covered")
struct CoverFitTests {
    /// A 60×20 PNG whose column x is red 4x, blue 100; with `busyRight`, its last 20
    /// columns are a black-and-white checkerboard of 2-px squares instead.
    static func strip(in folder: TemporaryFolder, busyRight: Bool) throws -> String {
        let path = folder.path + "/strip.png"
        let writer = try PNGWriter(to: .path(path), width: 60, height: 20, channels: .rgb)
        for y in 0..<20 {
            let row: [UInt8] = (0..<60).flatMap { x -> [UInt8] in
                guard busyRight, x >= 40 else { return [UInt8(4 * x), 0, 100] }
                let value: UInt8 = (x / 2 + y / 2) % 2 == 0 ? 0 : 255
                return [value, value, value]
            }
            try row.withUnsafeBytes { try writer.write(rows: $0, stride: row.count, count: 1) }
        }
        try writer.finish()
        return path
    }

    /// One 20×20 cell: the strip is already as high as the cell, so it is not resampled and
    /// the centred cut is its columns 20–39.
    static func options(focus: CropFocus) -> SheetOptions {
        var options = SheetOptions(breadth: 20, lanes: 1, padding: 0, margin: 0)
        options.layout = .grid(GridSettings(fit: .cover))
        options.cropFocus = focus
        return options
    }

    @Test("A centred cover shows the middle of the scaled source and records the cut")
    func centred() throws {
        let folder = try TemporaryFolder()
        let sheet = try SheetComposer.compose(
            inputs: [try Self.strip(in: folder, busyRight: false)], options: Self.options(focus: .centre))
        #expect(sheet.width == 20 && sheet.height == 20)
        for x in 0..<20 {
            let color = sheet.color(x: x, y: 10)
            #expect(abs(Int(color.red) - 4 * (20 + x)) <= 1 && color.blue == 100, "column \(x): \(color)")
        }
        let item = try #require(sheet.manifest.items.first)
        #expect(item.cell == Rect(x: 0, y: 0, width: 20, height: 20))
        #expect(item.cut == TileCrop(scaled: Size(width: 60, height: 20), x: 20, y: 0))
        #expect(sheet.manifest.jsonText().contains(#""scaledWidth":60,"scaledHeight":20,"cropX":20,"cropY":0"#))
    }

    @Test("An attention cover keeps the busy end the centre would cut, and the manifest says where")
    func attention() throws {
        let folder = try TemporaryFolder()
        let sheet = try SheetComposer.compose(
            inputs: [try Self.strip(in: folder, busyRight: true)], options: Self.options(focus: .attention))
        let item = try #require(sheet.manifest.items.first)
        #expect(item.cut == TileCrop(scaled: Size(width: 60, height: 20), x: 40, y: 0))
        #expect(sheet.color(x: 0, y: 0) == Color(red: 0, green: 0, blue: 0))
        #expect(sheet.color(x: 2, y: 0) == Color(red: 255, green: 255, blue: 255))
        #expect(sheet.manifest.options["cropFocus"] == "attention")
    }
}
