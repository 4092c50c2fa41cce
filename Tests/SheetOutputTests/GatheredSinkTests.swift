import Foundation
import Geometry
import HEIFCodec
import ImageInput
import PinboardIO
import Raster
import SheetOutput
import TestSupport
import Testing
import WebPCodec

/// The two sinks that gather the sheet and encode it in `finish` (WebP, AVIF), run through
/// the same cases: signature, exact lossless pixels, lossy PSNR and alpha, the manifest
/// written, absent and cut short.
@Suite("Gathering sinks: WebP and AVIF")
struct GatheredSinkTests {
    /// What differs between the two formats, and nothing else.
    struct Format: Sendable, CustomTestStringConvertible {
        let settings: EncodeSettings
        let ending: String
        /// Bytes 0..<12 as the format's signature has them; nil where any byte goes.
        let signature: [UInt8?]
        let manifest: @Sendable (String) throws(ImageError) -> String?
        /// The file without pinboard's manifest, straight from the codec's writer.
        let plain: @Sendable ([UInt8]) throws -> [UInt8]
        /// Whether lossy coding keeps alpha exactly (libwebp codes it losslessly; AV1 does not).
        let exactLossyAlpha: Bool

        var testDescription: String { ending }

        static func bytes(_ text: String) -> [UInt8?] { text.utf8.map { $0 } }

        static let webp = Format(
            settings: EncodeSettings(format: .webp, quality: 90), ending: "webp",
            signature: bytes("RIFF") + [nil, nil, nil, nil] + bytes("WEBP"),
            manifest: { path throws(ImageError) in try WebPManifest.text(path: path) },
            plain: { pixels in
                try WebPWriter(width: TestSheet.width, height: TestSheet.height, channels: .rgb, quality: 90, lossless: true)
                    .encode(pixels)
            },
            exactLossyAlpha: true)

        static let avif = Format(
            settings: EncodeSettings(format: .avif, quality: 90), ending: "avif",
            signature: [nil, nil, nil, nil] + bytes("ftypavif"),
            manifest: { path throws(ImageError) in try HEIFManifest.text(path: path) },
            plain: { pixels in
                try AVIFWriter(width: TestSheet.width, height: TestSheet.height, channels: .rgb, quality: 90, lossless: false)
                    .encode(pixels)
            },
            exactLossyAlpha: false)
    }

    static let formats = [Format.webp, Format.avif]
    static let layouts: [ChannelLayout] = [.rgb, .rgba]

    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    private func written(
        _ format: Format, _ channels: ChannelLayout, lossless: Bool
    ) throws -> (sheet: TestSheet, path: String, bytes: [UInt8]) {
        let sheet = TestSheet(channels: channels)
        let path = folder.path + "/sheet-\(channels)-\(lossless ? "lossless" : "lossy").\(format.ending)"
        var settings = format.settings
        settings.lossless = lossless
        return (sheet, path, try sheet.write(to: path, settings: settings))
    }

    @Test("The file starts with the format's signature", arguments: formats, [true, false])
    func signature(format: Format, lossless: Bool) throws {
        let bytes = try written(format, .rgba, lossless: lossless).bytes
        try #require(bytes.count > 12)
        #expect(zip(bytes.prefix(12), format.signature).allSatisfy { byte, expected in expected.map { $0 == byte } ?? true })
    }

    @Test("Lossless decodes to the rows given, exactly, the colour under transparency included",
          arguments: formats, layouts)
    func lossless(format: Format, channels: ChannelLayout) throws {
        let (sheet, path, _) = try written(format, channels, lossless: true)
        #expect(PixelComparison.worstDifference(try TestSheet.decode(path), sheet.rgba) == 0)
    }

    @Test("Lossy at quality 90 comes within 35 dB where opaque, and keeps transparency", arguments: formats, layouts)
    func lossy(format: Format, channels: ChannelLayout) throws {
        let (sheet, path, _) = try written(format, channels, lossless: false)
        let given = sheet.rgba
        let image = try TestSheet.decode(path)
        let psnr = PixelComparison.psnr(TestSheet.opaqueSamples(image, like: given), TestSheet.opaqueSamples(given, like: given))
        #expect(psnr >= 35, "PSNR \(psnr) dB")
        let pairs = zip(TestSheet.alphas(of: image), TestSheet.alphas(of: given))
        if format.exactLossyAlpha {
            #expect(pairs.allSatisfy { $0 == $1 })
        } else {
            #expect(pairs.allSatisfy { decoded, given in given != 0 || decoded <= 4 })
            #expect(pairs.allSatisfy { decoded, given in given != 255 || decoded >= 251 })
        }
    }

    @Test("The manifest reads back as written", arguments: formats, [true, false])
    func manifest(format: Format, lossless: Bool) throws {
        let path = try written(format, .rgba, lossless: lossless).path
        #expect(try format.manifest(path) == TestSheet.manifest.jsonText())
    }

    @Test("A file the codec wrote alone has no manifest", arguments: formats)
    func noManifest(format: Format) throws {
        let path = folder.path + "/plain." + format.ending
        try Data(format.plain(TestSheet(channels: .rgb).pixels)).write(to: URL(fileURLWithPath: path))
        #expect(try format.manifest(path) == nil)
    }

    @Test("A manifest reaching past the file's end is reported as a cut, not read", arguments: formats)
    func cut(format: Format) throws {
        let (_, path, bytes) = try written(format, .rgb, lossless: true)
        try TestSheet.expectCutReported(bytes, beside: path) { path throws(ImageError) in try format.manifest(path) }
    }

    @Test("A WebP sheet carries the sRGB profile in an ICCP chunk")
    func webpProfile() throws {
        let bytes = try written(.webp, .rgba, lossless: true).bytes
        #expect(Data(bytes).range(of: Data("ICCP".utf8)) != nil)
    }

    @Test("A WebP side over 16,383 px is refused in begin, before any band", arguments: [(17000, 900), (900, 17000)])
    func refused(size: (width: Int, height: Int)) throws {
        let path = folder.path + "/huge.webp"
        let error = try TestSheet.refusal(of: EncodeSettings(format: .webp), width: size.width, height: size.height, at: path)
        #expect(error == WriteError(path: path, reason: .refused(
            "WebP holds at most 16383 px a side; the sheet is \(size.width)×\(size.height)")))
    }

    @Test("A WebP side of exactly 16,383 px is taken")
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
