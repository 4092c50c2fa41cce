import ImageInput
import Testing
@testable import HEIFCodec
import TestSupport

/// Grey images coded without chroma (issue 54): libheif 1.15 copied a limited-range
/// grey plane into RGB as stored, so link-u's monochrome fox spanned 11-239, washed out.
@Suite("Monochrome")
struct MonochromeTests {
    static let fox = "fox.profile0.8bpc.yuv420.monochrome"

    @Test("Limited-range monochrome AV1 is expanded to full range, as libavif expands it")
    func limitedRangeExpanded() throws {
        let image = try HEIFRowReader(bytes: AVIFSampleImages.bytes(Self.fox + ".avif")).readImage()
        let reds = stride(from: 0, to: image.pixels.count, by: 4).map { image.pixels[$0] }
        #expect(reds.min() == 0 && reds.max() == 255)
        let golden = try AVIFSampleImages.golden(Self.fox + ".shrunk8")
        // The script's blocks start at the top left and leave the last 4 columns out.
        let cropped = RGBAImage(width: golden.width * 8, height: golden.height * 8, pixels: (0..<golden.height * 8).flatMap {
            image.pixels[($0 * image.width * 4)..<(($0 * image.width + golden.width * 8) * 4)]
        })
        let shrunk = Fixture.boxShrink(cropped, width: golden.width, height: golden.height)
        #expect(PixelComparison.worstDifference(shrunk, golden) <= 1)
    }

    @Test("Its rows are grey and opaque")
    func greyAndOpaque() throws {
        let image = try HEIFRowReader(bytes: AVIFSampleImages.bytes(Self.fox + ".avif")).readImage()
        let pixels = image.pixels
        var coloured = 0
        for offset in stride(from: 0, to: pixels.count, by: 4) {
            let grey: Bool = pixels[offset] == pixels[offset + 1] && pixels[offset] == pixels[offset + 2]
            if !grey || pixels[offset + 3] != 255 { coloured += 1 }
        }
        #expect(coloured == 0)
    }
}
