import Foundation
import Geometry
import HEIFCodec
import ImageInput
import PinboardIO
import SheetOutput
import TestSupport
import Testing

@Suite("AVIFSheetSink")
struct AVIFSheetSinkTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    static let layouts: [ChannelLayout] = [.rgb, .rgba]

    private func written(_ channels: ChannelLayout, lossless: Bool) throws -> (sheet: TestSheet, path: String, bytes: [UInt8]) {
        let sheet = TestSheet(channels: channels)
        let path = folder.path + "/sheet-\(channels)-\(lossless ? "lossless" : "lossy").avif"
        let bytes = try sheet.write(to: path, settings: EncodeSettings(format: .avif, quality: 90, lossless: lossless))
        return (sheet, path, bytes)
    }

    @Test("The file starts with an ftyp box of brand avif", arguments: layouts, [true, false])
    func signature(channels: ChannelLayout, lossless: Bool) throws {
        let bytes = try written(channels, lossless: lossless).bytes
        #expect(bytes.count > 12)
        #expect(bytes[4..<12].elementsEqual("ftypavif".utf8))
    }

    @Test("Lossless decodes to the rows given, exactly", arguments: layouts)
    func lossless(channels: ChannelLayout) throws {
        let (sheet, path, _) = try written(channels, lossless: true)
        let image = try TestSheet.decode(path)
        #expect(PixelComparison.worstDifference(image, sheet.rgba) == 0)
    }

    @Test("Lossy at quality 90 comes within 35 dB where opaque, and keeps transparency", arguments: layouts)
    func lossy(channels: ChannelLayout) throws {
        let (sheet, path, _) = try written(channels, lossless: false)
        let given = sheet.rgba
        let image = try TestSheet.decode(path)
        let psnr = PixelComparison.psnr(TestSheet.opaqueSamples(image, like: given), TestSheet.opaqueSamples(given, like: given))
        #expect(psnr >= 35, "PSNR \(psnr) dB")
        // AV1 codes alpha lossily too: transparent stays nearly so, opaque nearly opaque.
        let pairs = zip(TestSheet.alphas(of: image), TestSheet.alphas(of: given))
        #expect(pairs.allSatisfy { decoded, given in given != 0 || decoded <= 4 })
        #expect(pairs.allSatisfy { decoded, given in given != 255 || decoded >= 251 })
    }

    @Test("The manifest reads back as written, from a mime item of its own", arguments: [true, false])
    func manifest(lossless: Bool) throws {
        let path = try written(.rgba, lossless: lossless).path
        #expect(try HEIFManifest.text(path: path) == TestSheet.manifest.jsonText())
    }

    @Test("A file without the item has no manifest")
    func noManifest() throws {
        let sheet = TestSheet(channels: .rgb)
        let path = folder.path + "/plain.avif"
        let file = try AVIFWriter(width: TestSheet.width, height: TestSheet.height, channels: .rgb, quality: 90, lossless: false)
            .encode(sheet.pixels)
        try Data(file).write(to: URL(fileURLWithPath: path))
        #expect(try HEIFManifest.text(path: path) == nil)
    }

    @Test("An item reaching past the file's end is reported as a cut, not read")
    func cutItem() throws {
        let (_, path, bytes) = try written(.rgb, lossless: false)
        try TestSheet.expectCutReported(bytes, beside: path, by: HEIFManifest.text(path:))
    }
}
