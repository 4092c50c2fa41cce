import Foundation
import Geometry
import ImageInput
import PinboardIO
import Raster
import SheetOutput
import TestSupport
import Testing
import WebPCodec

@Suite("WebPSheetSink")
struct WebPSheetSinkTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    static let layouts: [ChannelLayout] = [.rgb, .rgba]

    private func written(_ channels: ChannelLayout, lossless: Bool) throws -> (sheet: TestSheet, path: String, bytes: [UInt8]) {
        let sheet = TestSheet(channels: channels)
        let path = folder.path + "/sheet-\(channels)-\(lossless ? "lossless" : "lossy").webp"
        let bytes = try sheet.write(to: path, settings: EncodeSettings(format: .webp, quality: 90, lossless: lossless))
        return (sheet, path, bytes)
    }

    @Test("The file is RIFF…WEBP", arguments: layouts, [true, false])
    func signature(channels: ChannelLayout, lossless: Bool) throws {
        let bytes = try written(channels, lossless: lossless).bytes
        #expect(bytes.count > 12)
        #expect(bytes.prefix(4).elementsEqual("RIFF".utf8) && bytes[8..<12].elementsEqual("WEBP".utf8))
    }

    @Test("Lossless decodes to the rows given, exactly, the colour under transparency included", arguments: layouts)
    func lossless(channels: ChannelLayout) throws {
        let (sheet, path, _) = try written(channels, lossless: true)
        #expect(try TestSheet.decode(path) == sheet.rgba)
    }

    @Test("Lossy at quality 90 comes within 35 dB where opaque, and keeps transparency", arguments: layouts)
    func lossy(channels: ChannelLayout) throws {
        let (sheet, path, _) = try written(channels, lossless: false)
        let given = sheet.rgba
        let image = try TestSheet.decode(path)
        let psnr = PixelComparison.psnr(TestSheet.opaqueSamples(image, like: given), TestSheet.opaqueSamples(given, like: given))
        #expect(psnr >= 35, "PSNR \(psnr) dB")
        // libwebp codes alpha losslessly beside lossy colour.
        #expect(TestSheet.alphas(of: image) == TestSheet.alphas(of: given))
    }

    @Test("The manifest reads back as written, from a chunk of its own", arguments: [true, false])
    func manifest(lossless: Bool) throws {
        let (_, path, bytes) = try written(.rgba, lossless: lossless)
        #expect(try WebPManifest.text(path: path) == TestSheet.manifest.jsonText())
        #expect(Data(bytes).range(of: Data("ICCP".utf8)) != nil)
    }

    @Test("A file without the chunk has no manifest")
    func noManifest() throws {
        let sheet = TestSheet(channels: .rgb)
        let path = folder.path + "/plain.webp"
        let file = try WebPWriter(width: TestSheet.width, height: TestSheet.height, channels: .rgb, quality: 90, lossless: true)
            .encode(sheet.pixels)
        try Data(file).write(to: URL(fileURLWithPath: path))
        #expect(try WebPManifest.text(path: path) == nil)
    }

    @Test("A chunk reaching past the file's end is reported as a cut, not read")
    func cutChunk() throws {
        let (_, path, bytes) = try written(.rgb, lossless: true)
        try TestSheet.expectCutReported(bytes, beside: path, by: WebPManifest.text(path:))
    }

    @Test("A side over 16,383 px is refused in begin, before any band", arguments: [(17000, 900), (900, 17000)])
    func refused(size: (width: Int, height: Int)) throws {
        let path = folder.path + "/huge.webp"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try #require(fd >= 0)
        defer { close(fd) }
        let sink = SheetEncoder.sink(for: EncodeSettings(format: .webp), fileDescriptor: fd, name: path)
        #expect(throws: WriteError(path: path, reason: .refused(
            "WebP holds at most 16383 px a side; the sheet is \(size.width)×\(size.height)"))) {
            try sink.begin(SheetHeader(width: size.width, height: size.height, channels: .rgb))
        }
        #expect(lseek(fd, 0, SEEK_END) == 0)
    }

    @Test("A side of exactly 16,383 px is taken")
    func largestSide() throws {
        let path = folder.path + "/widest.webp"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try #require(fd >= 0)
        defer { close(fd) }
        let sink = SheetEncoder.sink(for: EncodeSettings(format: .webp, lossless: true), fileDescriptor: fd, name: path)
        try sink.begin(SheetHeader(width: 16383, height: 1, channels: .rgb))
        try sink.write(Band(width: 16383, rows: 0..<1, format: .rgb, pixels: [UInt8](repeating: 90, count: 16383 * 3), background: .white))
        try sink.finish(manifest: nil)
        #expect(try TestSheet.decode(path).width == 16383)
    }
}
