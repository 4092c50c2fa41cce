#if canImport(Glibc)
import Glibc
#endif
import ImageInput
import TestSupport
import Testing
@testable import WebPCodec

/// Decodes compared with Pillow's (its own bundled libwebp), made once by `scripts/make-webp-gif-fixtures.py`.
@Suite("Decode")
struct DecodeTests {
    /// Lossless data decodes to the encoder's exact pixels in any libwebp: no difference is allowed.
    @Test("Lossless files match Pillow's decode exactly", arguments: ["lossless.webp", "alpha.webp", "animated.webp"])
    func lossless(name: String) throws {
        let (image, golden) = try Self.decode(name)
        #expect(PixelComparison.worstDifference(image, golden) == 0)
    }

    @Test("EXIF orientation 2-8 is probed, given by the reader, and turns the image as Pillow's exif_transpose does",
          arguments: 2...8)
    func exifOrientation(value: Int) throws {
        let name = "orientation-\(value).webp"
        let path = Fixture.path(name)
        let file = try FileBytes.open(path: path)
        defer { close(file.fileDescriptor) }
        let expected = try #require(Orientation(rawValue: value))
        #expect(try WebPFormat.probe(file, path: path, limits: .default).orientation == expected)
        let reader = try WebPRowReader(path: path)
        #expect(reader.orientation == expected)
        let upright = reader.orientation.apply(to: try Fixture.streamDecode(reader))
        let golden = try Fixture.golden(name)
        #expect((upright.width, upright.height) == (golden.width, golden.height))
        #expect(PixelComparison.worstDifference(upright.pixels, golden.pixels) == 0)
    }

    /// Lossy decoding is specified to the bit by VP8, and the YUV to RGB conversion is
    /// libwebp's in both; the system's 1.2.4 and Pillow's 1.4.0 agree exactly here
    /// (measured: infinite PSNR on all three), 45 dB leaves room for another version's
    /// upsampler to round a few samples differently.
    @Test("Lossy files come within 45 dB of Pillow's decode", arguments: ["lossy.webp", "lossy-alpha.webp", "icc.webp"])
    func lossy(name: String) throws {
        let (image, golden) = try Self.decode(name)
        let psnr = PixelComparison.psnr(image, golden)
        #expect(psnr >= 45, "PSNR \(psnr) dB")
    }

    @Test("An opaque file's alpha is 255 everywhere", arguments: ["lossless.webp", "lossy.webp"])
    func opaque(name: String) throws {
        let image = try WebPRowReader(path: Fixture.path(name)).readImage()
        #expect(Swift.stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 })
    }

    @Test("An animation's first frame sits at its offset on a transparent canvas")
    func animationPlacement() throws {
        let reader = try WebPRowReader(path: Fixture.path("animated.webp"))
        #expect(reader.frameCount == 2)
        let image = try reader.readImage()
        #expect(image.width == 64 && image.height == 48)
        // Outside the 40x28 frame at (12, 10) nothing is drawn; inside, the frame is opaque.
        func alpha(_ x: Int, _ y: Int) -> UInt8 { image.pixels[(y * image.width + x) * 4 + 3] }
        #expect(alpha(0, 0) == 0 && alpha(11, 10) == 0 && alpha(12, 9) == 0 && alpha(52, 37) == 0)
        #expect(alpha(12, 10) == 255 && alpha(51, 37) == 255)
    }

    @Test("Rows read in bands equal the whole image read at once")
    func bands() throws {
        let whole = try WebPRowReader(path: Fixture.path("alpha.webp")).readImage()
        for band in [1, 5, 48] {
            #expect(try Fixture.streamDecode(WebPRowReader(path: Fixture.path("alpha.webp")), band: band) == whole)
        }
    }

    @Test("Bytes in memory decode as the file does")
    func memory() throws {
        let fromFile = try WebPRowReader(path: Fixture.path("lossy-alpha.webp")).readImage()
        let fromMemory = try WebPRowReader(bytes: Fixture.bytes("lossy-alpha.webp")).readImage()
        #expect(fromFile == fromMemory)
    }

    /// Our decode in bands with transparent pixels zeroed, and Pillow's, after checking both sizes.
    static func decode(_ name: String) throws -> (image: [UInt8], golden: [UInt8]) {
        let entry = try #require(Fixture.goldenIndex()[name])
        let reader = try WebPRowReader(path: Fixture.path(name))
        #expect(reader.outputWidth == entry.width && reader.outputHeight == entry.height)
        #expect(reader.reduction == 1)
        let image = try Fixture.streamDecode(reader).pixels
        let golden = try Fixture.golden(name).pixels
        try #require(golden.count == image.count)
        return (Fixture.zeroingTransparent(image), golden)
    }
}
