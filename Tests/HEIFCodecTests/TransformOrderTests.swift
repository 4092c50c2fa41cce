import ImageInput
import Testing
@testable import HEIFCodec
import TestSupport

/// Rotation, mirror and crop whatever order a file lists them in beside its size (issue 54):
/// libheif 1.15 sized an image whose irot or clap comes before its ispe as if untransformed,
/// the decode then delivered the transformed pixels, and the layout resampled them into
/// the wrong box.
@Suite("Transform order")
struct TransformOrderTests {
    /// Every HEIF file that decodes, with the format its brand says.
    static let files: [(folder: String, name: String)] = [
        ("heif", "plain.heic"), ("heif", "rotated.heic"), ("heif", "thumbnail.heic"), ("heif", "alpha.heic"),
        ("heif", "10bit.heic"), ("heif", "plain.avif"), ("heif", "alpha-limited.avif"),
        ("libavif", "abc_color_irot_alpha_irot.avif"), ("libavif", "irot-before-ispe.avif"),
        ("avif-sample-images", "fox.profile0.8bpc.yuv420.monochrome.avif"), ("avif-sample-images", "kimono.crop.avif"),
    ]

    static func bytes(_ folder: String, _ name: String) throws -> [UInt8] {
        [UInt8](try TestSupport.Fixture.bytes(TestSupport.Fixture.path(folder + "/" + name)))
    }

    static func probe(_ bytes: [UInt8], name: String) throws -> ImageInfo {
        let format: any ImageFormat.Type = name.hasSuffix(".avif") ? AVIFFormat.self : HEICFormat.self
        return try format.probe(MemoryBytes(bytes), path: name, limits: .default)
    }

    @Test("The probe's size is the decoded size", arguments: files)
    func probeMatchesDecode(folder: String, name: String) throws {
        let bytes = try Self.bytes(folder, name)
        let info = try Self.probe(bytes, name: name)
        let reader = try HEIFRowReader(bytes: bytes, name: name)
        #expect(info.width == reader.outputWidth && info.height == reader.outputHeight)
        #expect(reader.storedWidth == reader.outputWidth && reader.storedHeight == reader.outputHeight)
    }

    @Test("irot before ispe: upright 256x512, as libavif reads it")
    func rotationBeforeSize() throws {
        let bytes = try Self.bytes("libavif", "irot-before-ispe.avif")
        let info = try Self.probe(bytes, name: "irot-before-ispe.avif")
        #expect(info.width == 256 && info.height == 512)
        let image = try HEIFRowReader(bytes: bytes).readImage()
        let golden = try LibavifSamples.golden("irot-before-ispe.shrunk4")
        let shrunk = Fixture.boxShrink(image, width: golden.width, height: golden.height)
        // Two AV1 decoders and two chroma upsamplers: close, not exact.
        #expect(PixelComparison.worstDifference(shrunk, golden) <= 12)
        #expect(image == (try HEIFRowReader(bytes: Self.bytes("libavif", "abc_color_irot_alpha_irot.avif")).readImage()))
    }

    /// Before, 722x1024 was laid out and the 385x330 crop stretched into it.
    @Test("clap before ispe: the crop's size")
    func cropBeforeSize() throws {
        let bytes = try Self.bytes("avif-sample-images", "kimono.crop.avif")
        let info = try Self.probe(bytes, name: "kimono.crop.avif")
        #expect(info.width == 385 && info.height == 330)
    }

    /// libheif 1.15 cannot decode this 10-bit file (it mirrors only 8 bits), but its size
    /// is known from the boxes alone, in either order.
    @Test("clap, irot and imir before ispe are sized as after it")
    func allBeforeSize() throws {
        let after = try Self.probe(Self.bytes("libavif", "clap-irot-imir-essential.avif"), name: "after.avif")
        let before = try Self.probe(Self.bytes("libavif", "clap-irot-imir-before-ispe.avif"), name: "before.avif")
        #expect(before.width == after.width && before.height == after.height)
        #expect(after.width > after.height, "turned a quarter")
    }
}

/// An alpha item whose transforms differ from the colour item's (libavif's
/// abc_color_irot_alpha_NOirot.avif): libheif 1.15 leaves the alpha out, and the tile came
/// out opaque without a word.
@Suite("Alpha left out")
struct AlphaLeftOutTests {
    @Test("An alpha item libheif leaves out is warned about")
    func warned() throws {
        let reader = try HEIFRowReader(bytes: LibavifSamples.bytes("abc_color_irot_alpha_NOirot.avif"), name: "abc.avif")
        _ = try reader.readImage()
        #expect(reader.readWarnings == [ImageWarning(path: "abc.avif", reason: .alphaLeftOut(format: "AVIF"))])
    }

    @Test("An alpha item with the colour item's transforms is read, with no warning")
    func kept() throws {
        let reader = try HEIFRowReader(bytes: LibavifSamples.bytes("abc_color_irot_alpha_irot.avif"), name: "abc.avif")
        let image = try reader.readImage()
        #expect(reader.readWarnings.isEmpty)
        #expect(stride(from: 3, to: image.pixels.count, by: 4).contains { image.pixels[$0] < 255 })
    }
}
