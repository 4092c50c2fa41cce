import ColorManagement
import Foundation
import ImageInput
import JPEGCodec
import PinboardIO
import SheetOutput
import TestSupport
import Testing

@Suite("JPEG sheets")
struct JPEGSheetSinkTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test("A sheet written in bands decodes within 38 dB of its pixels at quality 90", arguments: [
        EncodeSettings.Subsampling.s420, .s444,
    ])
    func roundTrip(subsampling: EncodeSettings.Subsampling) throws {
        let sheet = SampleSheet.gradient(channels: .rgb)
        let path = folder.path + "/sheet.jpg"
        try sheet.write(to: path, settings: EncodeSettings(format: .jpeg, quality: 90, subsampling: subsampling))
        // SOI, then the JFIF APP0 readers expect first.
        #expect(try SampleSheet.bytes(of: path).prefix(11) == [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00])
        let psnr = PixelComparison.psnr(try SampleSheet.decodeRGB(path: path), sheet.pixels)
        #expect(psnr >= 38, "PSNR \(psnr) dB")
    }

    @Test("4:4:4 keeps colour detail that 4:2:0 blurs")
    func subsampling() throws {
        let sheet = SampleSheet.chromaStripes()
        var psnr: [EncodeSettings.Subsampling: Double] = [:]
        for subsampling in EncodeSettings.Subsampling.allCases {
            let path = folder.path + "/\(subsampling.rawValue).jpg"
            try sheet.write(to: path, settings: EncodeSettings(format: .jpeg, subsampling: subsampling))
            psnr[subsampling] = PixelComparison.psnr(try SampleSheet.decodeRGB(path: path), sheet.pixels)
        }
        let full = try #require(psnr[.s444]), halved = try #require(psnr[.s420])
        #expect(full > halved + 3, "4:4:4 \(full) dB, 4:2:0 \(halved) dB")
    }

    @Test("An RGBA sheet is stored composited over white")
    func alphaOverWhite() throws {
        let sheet = SampleSheet.gradient(channels: .rgba)
        let path = folder.path + "/alpha.jpg"
        try sheet.write(to: path, settings: EncodeSettings(format: .jpeg, subsampling: .s444))
        let decoded = try SampleSheet.decodeRGB(path: path)
        let overWhite = PixelComparison.psnr(decoded, sheet.overWhite)
        #expect(overWhite >= 38, "PSNR against the sheet over white \(overWhite) dB")
        // The colour under alpha, alpha dropped, is not what was stored.
        let ignoringAlpha = stride(from: 0, to: sheet.pixels.count, by: 4).flatMap { sheet.pixels[$0..<$0 + 3] }
        #expect(PixelComparison.psnr(decoded, ignoringAlpha) < 25)
    }

    @Test("The manifest reads back from the APP11 chain, one piece or several", arguments: [8, 70_000])
    func manifest(nameLength: Int) throws {
        let manifest = SampleSheet.manifest(nameLength: nameLength)
        let path = folder.path + "/manifest.jpg"
        try SampleSheet.gradient(channels: .rgb).write(to: path, settings: EncodeSettings(format: .jpeg), manifest: manifest)
        #expect(try JPEGManifest.text(path: path) == manifest.jsonText())
        // The image still decodes, the segments skipped by libjpeg.
        #expect(try SampleSheet.decodeRGB(path: path).count == 300 * 200 * 3)
    }

    @Test("A file cut inside the manifest's segments is reported as cut, not read past its end")
    func cutManifest() throws {
        let path = folder.path + "/cut.jpg"
        try SampleSheet.gradient(channels: .rgb).write(to: path, settings: EncodeSettings(format: .jpeg), manifest: SampleSheet.manifest())
        let bytes = try SampleSheet.bytes(of: path)
        // 20 bytes of SOI and JFIF, then the APP11 segment: cut 10 bytes into its JSON.
        try Data(bytes.prefix(20 + 4 + 20 + 10)).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: ImageError.self) { try JPEGManifest.text(path: path) }
        #expect(error?.reason == .truncated(while: "reading the segments before the image data"))
    }

    @Test("A sheet without a manifest has none to read")
    func noManifest() throws {
        let path = folder.path + "/plain.jpg"
        try SampleSheet.gradient(channels: .rgb).write(to: path, settings: EncodeSettings(format: .jpeg))
        #expect(try JPEGManifest.text(path: path) == nil)
    }

    @Test("The sheet embeds Little CMS's sRGB profile")
    func srgbProfile() throws {
        let path = folder.path + "/srgb.jpg"
        try SampleSheet.gradient(channels: .rgb).write(to: path, settings: EncodeSettings(format: .jpeg))
        #expect(try JPEGHeader.probe(path: path).iccProfile == SRGBProfile.bytes())
    }

    @Test("A side over 65535 px is refused in begin, naming the limit, before any band")
    func tooTall() throws {
        let path = folder.path + "/tall.jpg"
        let error = try TestSheet.refusal(of: EncodeSettings(format: .jpeg), width: 2560, height: 70_000, at: path)
        #expect(error == WriteError(path: path, reason: .refused("JPEG holds at most 65535 px a side; the sheet is 2560×70000")))
    }
}
