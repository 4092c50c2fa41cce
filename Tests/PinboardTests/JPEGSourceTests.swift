import Foundation
import Layout
import Pinboard
import Raster
import SheetManifest
import SheetOutput
import TestSupport
import Testing

/// JPEGs beside PNGs: chosen by content, turned upright, shrunk on load, skipped when broken.
@Suite("JPEG sources")
struct JPEGSourceTests {
    static func options(width: Int = 60) -> SheetOptions {
        SheetOptions(breadth: width, lanes: 1, padding: 0, jobs: 2)
    }

    static func sheet(_ relative: String, width: Int = 60) throws -> ComposedSheet {
        try SheetComposer.compose(inputs: [Fixture.path("jpeg/" + relative)], options: options(width: width))
    }

    @Test("All eight EXIF orientations render the same upright sheet", arguments: 2...8)
    func orientations(orientation: Int) throws {
        let upright = try Self.sheet("orientation-1.jpg")
        let turned = try Self.sheet("orientation-\(orientation).jpg")
        #expect(turned.width == upright.width && turned.height == upright.height)
        #expect(turned.manifest.items[0].sourceWidth == 48 && turned.manifest.items[0].sourceHeight == 32)
        // The eight files hold the picture in differently aligned 8×8 blocks, so JPEG's
        // rounding differs a little; a wrong turn would differ by up to 255.
        let differences = zip(upright.pixels, turned.pixels).map { abs(Int($0) - Int($1)) }
        let mean = Double(differences.reduce(0, +)) / Double(differences.count)
        #expect((differences.max() ?? 0) <= 12 && mean < 1.5, "max \(differences.max() ?? 0), mean \(mean)")
    }

    @Test("A wrongly turned picture would fail that comparison")
    func mirroredDiffers() throws {
        let upright = try Self.sheet("orientation-1.jpg")
        var mirrored = upright.pixels
        let rowBytes = upright.width * 3
        for y in 0..<upright.height {
            for x in 0..<upright.width {
                for channel in 0..<3 {
                    mirrored[y * rowBytes + x * 3 + channel] = upright.pixels[y * rowBytes + (upright.width - 1 - x) * 3 + channel]
                }
            }
        }
        let differences = zip(upright.pixels, mirrored).map { abs(Int($0) - Int($1)) }
        #expect((differences.max() ?? 0) > 100)
    }

    @Test("Folders give .jpg and .jpeg files; the content decides the decoder")
    func folderScan() throws {
        let folder = try TemporaryFolder()
        try folder.copy([
            "jpeg/orientation-6.jpg": "a.JPG", "jpeg/grey.jpg": "b.jpeg", "jpeg/png-named.jpg": "c.jpg",
            "jpeg/text.jpg": "d.jpg", "solid/red-40x30.png": "e.png",
        ])
        let sheet = try SheetComposer.compose(inputs: [folder.path], options: Self.options())
        #expect(sheet.manifest.items.map(\.source) == ["a.JPG", "b.jpeg", "c.jpg", "e.png"].map { folder.path + "/" + $0 })
        #expect(sheet.manifest.skipped == [
            Manifest.SkippedSource(source: folder.path + "/d.jpg", reason: .recorded("not an image file pinboard recognises; pinboard reads PNG, JPEG, WebP, GIF, TIFF, HEIC and AVIF")),
        ])
        // Upright size of the orientation-6 file: stored 32×48, shown 48×32.
        #expect(sheet.manifest.items[0].sourceWidth == 48 && sheet.manifest.items[0].sourceHeight == 32)
    }

    /// Beside an image that decodes: a sheet whose every tile failed is no sheet at all
    /// (`PinboardError.noTileDrawn`).
    /// A baseline file cut in its scan gives its first rows, drawn, and the background
    /// below them, its item saying so; a progressive one gives no row before its last scan,
    /// so its tile is left in the background and it is listed.
    @Test("A truncated JPEG is drawn as far as it decodes, the rest of its tile the background",
          arguments: [("truncated.jpg", true), ("truncated-progressive.jpg", false)])
    func truncated(name: String, drawsRows: Bool) throws {
        let sheet = try SheetComposer.compose(
            inputs: [Fixture.path("jpeg/" + name), Fixture.path("jpeg/grey.jpg")], options: Self.options(width: 60))
        let item = try #require(sheet.manifest.items.first)
        let background = SheetOptions().background
        #expect(sheet.color(x: item.x + item.width / 2, y: item.rect.maxY - 1) == background)
        if drawsRows {
            #expect(sheet.color(x: item.x + item.width / 2, y: item.y) != background)
            #expect(item.damage?.hasPrefix("drawn in part: rows 1-") == true, "\(String(describing: item.damage))")
            #expect(item.damage?.contains("truncated") == true)
            #expect(sheet.manifest.skipped.isEmpty)
        } else {
            #expect(sheet.color(x: item.x + item.width / 2, y: item.y + item.height / 2) == background)
            #expect(item.damage == nil)
            #expect(sheet.manifest.skipped.map(\.source) == [Fixture.path("jpeg/" + name)])
            #expect(sheet.manifest.skipped.first?.reason.description.contains("truncated") == true)
        }
    }

    @Test("Greyscale, CMYK and progressive JPEGs compose", arguments: ["grey.jpg", "cmyk-adobe.jpg", "progressive.jpg", "icc.jpg"])
    func kinds(name: String) throws {
        let sheet = try Self.sheet(name)
        #expect(sheet.manifest.skipped.isEmpty)
        #expect(sheet.manifest.items.count == 1)
    }
}
