import Foundation
import Layout
import Pinboard
import Raster
import TestSupport
import Testing

/// TIFF and HEIC files given as arguments land on the sheet upright, like PNGs and JPEGs.
@Suite("TIFF and HEIF sources")
struct TIFFHEIFSourceTests {
    static func options() -> SheetOptions {
        SheetOptions(breadth: 64, lanes: 1, padding: 0, jobs: 2)
    }

    /// Both files hold the 64×48 arrow-and-F picture stored turned a quarter: the TIFF says
    /// so with its Orientation tag, the HEIC with an irot box that libheif applies.
    @Test("A turned .tif and a turned .heic both appear on the sheet, upright")
    func bothAppear() throws {
        let tiff = Fixture.path("tiff/orientation-6.tif")
        let heic = Fixture.path("heif/rotated.heic")
        let sheet = try SheetComposer.compose(inputs: [tiff, heic], options: Self.options())
        #expect(sheet.manifest.items.map(\.source) == [tiff, heic])
        #expect(sheet.manifest.skipped.isEmpty)
        for item in sheet.manifest.items {
            #expect(item.sourceWidth == 64 && item.sourceHeight == 48 && item.width == 64 && item.height == 48)
            // The arrow's shaft at the left is red and the block at the bottom right green:
            // a turned or mirrored tile would put other colours there.
            let red = sheet.color(x: item.x + 16, y: item.y + 30)
            let green = sheet.color(x: item.x + 54, y: item.y + 40)
            #expect(red.red > 150 && red.green < 90 && red.blue < 90, "\(item.source): \(red)")
            #expect(green.green > 110 && green.red < 90 && green.blue < 110, "\(item.source): \(green)")
        }
    }
}
