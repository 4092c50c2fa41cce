import ImageInput
import TestSupport
import Testing
@testable import WebPCodec

/// libwebp's scaled decoding, chosen like JPEG's DCT scaling: the largest reduction that still covers the request.
@Suite("Scaled decoding")
struct ScaleTests {
    static let cases: [(minimum: [Int], reduction: Int, width: Int, height: Int)] = [
        ([240, 180], 1, 240, 180),
        ([121, 10], 1, 240, 180),
        ([120, 90], 2, 120, 90),
        ([80, 60], 3, 80, 60),
        ([61, 45], 3, 80, 60),
        ([60, 45], 4, 60, 45),
        ([60, 46], 3, 80, 60),
        ([7, 7], 29, 9, 7),
        ([1, 1], 180, 2, 1),
        ([0, 0], 180, 2, 1),
        ([1000, 1000], 1, 240, 180),
    ]

    @Test("The reduction is the largest whole number whose output covers the minimum", arguments: cases)
    func choice(minimum: [Int], reduction: Int, width: Int, height: Int) throws {
        let reader = try WebPRowReader(path: Fixture.path("scaled.webp"), minimumSize: (minimum[0], minimum[1]))
        #expect(reader.reduction == reduction)
        #expect(reader.outputWidth == width && reader.outputHeight == height)
        #expect(reader.storedWidth == 240 && reader.storedHeight == 180)
        let image = try reader.readImage()
        #expect(image.width == width && image.height == height)
    }

    /// libwebp's rescaler averages areas like a box filter; measured 42.9 dB against Pillow's box.
    @Test("A quarter-size decode stays within 30 dB of Pillow's box-filtered reduction")
    func closeToPillow() throws {
        let entry = try #require(Fixture.goldenIndex()["scaled.webp.4"])
        let reader = try WebPRowReader(path: Fixture.path("scaled.webp"), minimumSize: (60, 45))
        #expect(reader.reduction == 4 && reader.outputWidth == entry.width && reader.outputHeight == entry.height)
        let image = try Fixture.streamDecode(reader)
        let psnr = PixelComparison.psnr(image, try Fixture.golden("scaled.webp.4"))
        #expect(psnr >= 30, "PSNR \(psnr) dB")
    }

    @Test("An animation whose first frame is smaller than its canvas decodes at full size")
    func subFrameNotReduced() throws {
        let reader = try WebPRowReader(path: Fixture.path("animated.webp"), minimumSize: (16, 12))
        #expect(reader.reduction == 1 && reader.outputWidth == 64 && reader.outputHeight == 48)
    }

    @Test("The registry passes the minimum size through")
    func throughRegistry() throws {
        let registry = ImageRegistry([WebPFormat.self])
        let info = try registry.probe(path: Fixture.path("scaled.webp"), limits: .default)
        let reader = try registry.openRows(path: Fixture.path("scaled.webp"), info: info, minimumSize: (100, 50), limits: .default)
        #expect(reader.outputWidth == 120 && reader.outputHeight == 90)
        #expect(reader.storedWidth == 240 && reader.storedHeight == 180)
    }
}
