import ImageInput
import Testing
@testable import HEIFCodec
import TestSupport

/// Decodes compared with pillow-heif's (its own libheif and libde265 or libaom).
@Suite("Decoding against references")
struct DecodeTests {
    static func decode(_ name: String, minimumSize: (width: Int, height: Int)? = nil) throws -> (HEIFRowReader, RGBAImage) {
        let reader = try HEIFRowReader(bytes: Fixture.bytes(name), name: name, minimumSize: minimumSize)
        return (reader, try reader.readImage())
    }

    @Test("Each file decodes within 45 dB of the reference, upright",
          arguments: ["plain.heic", "one-pixel.heic", "alpha.heic", "rotated.heic", "10bit.heic", "plain.avif", "thumbnail.heic"])
    func kinds(name: String) throws {
        let (reader, image) = try Self.decode(name)
        let golden = try Fixture.golden(String(name.prefix { $0 != "." }))
        #expect(reader.orientation == .identity && reader.thumbnailIndex == nil)
        #expect(image.width == 64 && image.height == 48)
        #expect(image.width == golden.width && image.height == golden.height)
        let psnr = PixelComparison.psnr(image, golden)
        #expect(psnr >= 45, "\(psnr) dB")
        // And it is the picture, not just what the other decoder made of it: lossy, but the right way up.
        let upright = try Fixture.golden("upright")
        if name != "alpha.heic" { #expect(PixelComparison.psnr(image, upright) >= 28) }
        #expect(PixelComparison.psnr(image, Fixture.mirrored(upright)) < 20)
    }

    @Test("Images without alpha come out opaque; alpha planes come out straight")
    func alpha() throws {
        let (_, plain) = try Self.decode("plain.heic")
        #expect(Swift.stride(from: 3, to: plain.pixels.count, by: 4).allSatisfy { plain.pixels[$0] == 255 })
        let (_, alpha) = try Self.decode("alpha.heic")
        let golden = try Fixture.golden("alpha")
        let alphaDifference = Swift.stride(from: 3, to: alpha.pixels.count, by: 4).map { abs(Int(alpha.pixels[$0]) - Int(golden.pixels[$0])) }
        #expect((alphaDifference.max() ?? 0) <= 2)
    }

    /// The alpha plane's sequence header says limited range and its samples are 16 to 235;
    /// libheif 1.15 hands them over as stored, so an opaque band would show 92 % opaque.
    @Test("An AVIF alpha plane marked limited range is expanded to full, as libavif rounds it")
    func limitedRangeAlpha() throws {
        let (_, image) = try Self.decode("alpha-limited.avif")
        let golden = try Fixture.golden("alpha-limited")
        let alpha = Swift.stride(from: 3, to: image.pixels.count, by: 4).map { image.pixels[$0] }
        let mismatched = Swift.stride(from: 3, to: golden.pixels.count, by: 4).count { image.pixels[$0] != golden.pixels[$0] }
        #expect(mismatched == 0)
        #expect(Set(alpha) == [255, 192, 128, 64, 0])
        #expect(PixelComparison.worstDifference(image, golden) <= 1)
    }

    @Test("A small enough minimum size decodes the thumbnail, upright like the primary image")
    func thumbnail() throws {
        let (reader, image) = try Self.decode("thumbnail.heic", minimumSize: (16, 12))
        #expect(reader.thumbnailIndex == 0)
        #expect(reader.storedWidth == 64 && reader.storedHeight == 48)
        // The thumbnail fits 32×32 and is landscape like the upright primary: its own irot was applied.
        #expect(reader.outputWidth == 32 && reader.outputHeight == 24)
        #expect(image.width == 32 && image.height == 24)
        let expected = Fixture.boxShrink(try Fixture.golden("upright"), width: 32, height: 24)
        let right = PixelComparison.psnr(image, expected)
        let mirrored = PixelComparison.psnr(image, Fixture.mirrored(expected))
        #expect(right >= 18 && right > mirrored + 6, "\(right) dB upright, \(mirrored) dB mirrored")
    }

    @Test("A minimum size the thumbnail does not cover decodes the primary image",
          arguments: [(33, 10), (10, 25), (64, 48)])
    func thumbnailTooSmall(width: Int, height: Int) throws {
        let (reader, image) = try Self.decode("thumbnail.heic", minimumSize: (width, height))
        #expect(reader.thumbnailIndex == nil && image.width == 64 && image.height == 48)
    }

    @Test("Thumbnails are chosen by size and shape")
    func thumbnailChoice() {
        let primary = (width: 4032, height: 3024)
        let sizes = [(width: 320, height: 240), (width: 1024, height: 768), (width: 240, height: 320)]
        #expect(HEIFRowReader.thumbnail(covering: (300, 200), among: sizes, primary: primary) == 0)
        #expect(HEIFRowReader.thumbnail(covering: (321, 200), among: sizes, primary: primary) == 1)
        #expect(HEIFRowReader.thumbnail(covering: (1025, 10), among: sizes, primary: primary) == nil)
        // A portrait thumbnail of a landscape image was stored without its rotation: never used.
        #expect(HEIFRowReader.thumbnail(covering: (100, 100), among: [sizes[2]], primary: primary) == nil)
        // Rounding a side by a pixel is still the same shape.
        #expect(HEIFRowReader.thumbnail(covering: (100, 100), among: [(width: 321, height: 240)], primary: primary) == 0)
    }

    @Test("Rows can be read in bands at any stride")
    func bands() throws {
        let whole = try Self.decode("plain.heic").1
        let reader = try HEIFRowReader(bytes: Fixture.bytes("plain.heic"))
        let stride = reader.bytesPerRow + 12
        var buffer = [UInt8](repeating: 0, count: stride * 5)
        var rows = [UInt8]()
        while reader.rowsRead < reader.outputHeight {
            let count = min(5, reader.outputHeight - reader.rowsRead)
            try buffer.withUnsafeMutableBytes { try reader.readRows(into: $0, stride: stride, count: count) }
            for row in 0..<count { rows += buffer[row * stride..<row * stride + reader.bytesPerRow] }
        }
        try reader.finish()
        #expect(rows == whole.pixels)
    }

    @Test("The registry picks HEIC or AVIF by brand and opens the file from disk")
    func registry() throws {
        let registry = ImageRegistry([HEICFormat.self, AVIFFormat.self])
        for (name, format) in [("rotated.heic", "HEIC"), ("plain.avif", "AVIF")] {
            let path = Fixture.path(name)
            let info = try registry.probe(path: path, limits: .default)
            #expect(info.format == format && info.width == 64 && info.height == 48 && info.orientation == .identity)
            let reader = try registry.openRows(path: path, info: info, minimumSize: nil, limits: .default)
            #expect(reader.outputWidth == 64 && reader.outputHeight == 48 && reader.orientation == .identity)
            let image = try reader.readImage()
            #expect(PixelComparison.psnr(image, try Fixture.golden(String(name.prefix { $0 != "." }))) >= 45)
        }
    }
}
