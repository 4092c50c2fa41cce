import Foundation
import Geometry
import Layout
import Pinboard
import Raster
import TestSupport
import Testing

/// WebP and GIF files beside each other on one sheet, chosen by content through the registry.
@Suite("WebP and GIF sources")
struct WebPGIFSourceTests {
    static func options() -> SheetOptions {
        // 72 pixels: the GIF's canvas, so its tile is drawn at scale 1 and its pixels can be checked.
        SheetOptions(breadth: 72, lanes: 1, padding: 0, margin: 0, jobs: 2)
    }

    /// Pillow's decode of `name`, from the codec fixtures' goldens.
    static func golden(_ name: String, x: Int, y: Int, width: Int) throws -> Color {
        let pixels = [UInt8](try Fixture.bytes(Fixture.path(name.hasSuffix(".gif") ? "gif/golden/\(name).rgba" : "webp/golden/\(name).rgba")))
        let offset = (y * width + x) * 4
        return Color(red: pixels[offset], green: pixels[offset + 1], blue: pixels[offset + 2], alpha: pixels[offset + 3])
    }

    @Test("A .webp and a .gif given as files are both placed")
    func bothPlaced() throws {
        let inputs = [Fixture.path("webp/alpha.webp"), Fixture.path("gif/offset.gif")]
        let sheet = try SheetComposer.compose(inputs: inputs, options: Self.options())
        #expect(sheet.manifest.skipped.isEmpty)
        #expect(sheet.manifest.items.map(\.source) == inputs)
        let webp = sheet.manifest.items[0], gif = sheet.manifest.items[1]
        #expect(webp.sourceWidth == 64 && webp.sourceHeight == 48 && webp.width == 72 && webp.height == 54)
        #expect(gif.sourceWidth == 72 && gif.sourceHeight == 56 && gif.width == 72 && gif.height == 56)

        // The GIF's screen around its frame is transparent, so the white background shows there;
        // inside the frame its opaque pixels are Pillow's.
        #expect(sheet.color(x: gif.x, y: gif.y) == Color(red: 255, green: 255, blue: 255))
        let inside = sheet.color(x: gif.x + 10, y: gif.y + 8)
        let expected = try Self.golden("offset.gif", x: 10, y: 8, width: 72)
        #expect(expected.alpha == 255)
        #expect(abs(Int(inside.red) - Int(expected.red)) <= 1 && abs(Int(inside.green) - Int(expected.green)) <= 1
            && abs(Int(inside.blue) - Int(expected.blue)) <= 1, "\(inside) against \(expected)")

        // The WebP's transparent hole shows the background too.
        #expect(sheet.color(x: webp.x + 52 * 72 / 64, y: webp.y + 11 * 54 / 48) == Color(red: 255, green: 255, blue: 255))
    }

    @Test("A folder scan takes .webp and .gif files; the content decides the decoder")
    func folderScan() throws {
        let folder = try TemporaryFolder()
        try folder.copy(["webp/lossy.webp": "a.WEBP", "gif/transparent.gif": "b.gif", "gif/global.gif": "c.webp", "webp/text.webp": "d.webp"])
        let sheet = try SheetComposer.compose(inputs: [folder.path], options: Self.options())
        #expect(sheet.manifest.items.map(\.source) == ["a.WEBP", "b.gif", "c.webp"].map { folder.path + "/" + $0 })
        #expect(sheet.manifest.skipped.map(\.source) == [folder.path + "/d.webp"])
        #expect(sheet.manifest.skipped.first?.reason.description == "not an image file pinboard recognises; pinboard reads PNG, JPEG, WebP, GIF, TIFF, HEIC and AVIF")
    }
}
