import Foundation
import PNGCodec
import Pinboard
import Raster
import Testing
import TestSupport

/// A source whose pixels fail partway is drawn as far as it decodes, the rest of its tile in
/// the background, and said so in its item; one that fails before a row is left empty.
@Suite("Drawn in part")
struct DrawnInPartTests {
    /// A 400×1200 PNG of noise, which deflate cannot shrink, so cutting the file in half cuts
    /// its rows about in half (past the reader's first 128 KiB of rows); its samples, row by row.
    static func noise(at path: String) throws -> [UInt8] {
        var state: UInt32 = 12345
        let rgb = (0..<400 * 1200 * 3).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        try SolidPNG.write(path, width: 400, height: 1200, rgb: rgb)
        return rgb
    }

    @Test func aTruncatedPNGIsDrawnToWhereItEnds() throws {
        let folder = try TemporaryFolder()
        let whole = folder.path + "/whole.png"
        let rgb = try Self.noise(at: whole)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        let cut = folder.path + "/cut.png"
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cut))
        var options = SheetOptions(breadth: 400, lanes: 1, padding: 0, jobs: 1)
        options.compression = 0
        let plan = try SheetPlanner.plan(paths: [cut], options: options)
        let written = try SheetComposer.write(plan, to: folder.path + "/sheet.png")
        let partial = try #require(written.drawnInPart.first)
        #expect(written.drawnInPart.count == 1 && written.renderFailures.isEmpty)
        #expect(partial.source == cut && partial.rowsTotal == 1200)
        #expect((1..<1200).contains(partial.rowsDrawn), "\(partial)")
        #expect(written.manifest.items[0].damage == partial.damage)
        #expect(written.manifest.skipped.isEmpty)
        let sheet = try PNGDecoder.decode(path: folder.path + "/sheet.png")
        let pixel = { (y: Int) in Array(sheet.pixels[(y * sheet.width + 50) * 4..<(y * sheet.width + 50) * 4 + 3]) }
        #expect(pixel(0) == Array(rgb[150..<153]))
        #expect(pixel(1199) == [255, 255, 255])
    }
}
