import Foundation
import Geometry
@testable import JPEGCodec
import PNGCodec
import TestSupport
import Testing

/// Decodes compared with Pillow's (its bundled libjpeg-turbo), made once by `scripts/make-jpeg-fixtures.py`.
@Suite("Decode")
struct DecodeTests {
    static let index = (try? Fixture.json([String: GoldenSize].self, at: "jpeg/golden/index.json")) ?? [:]

    static func golden(_ key: String) throws -> [UInt8] {
        try JPEGFixture.bytes("golden/\(key).rgba")
    }

    /// Both sides run libjpeg-turbo's accurate integer IDCT and fancy upsampling,
    /// so the decodes agree exactly at full size, and at 1/2 to 1/8 scale too
    /// (measured worst difference 0 over all nine goldens); the tolerance of 1 is
    /// headroom for SIMD paths that round differently on other CPUs.
    static let tolerance = 1

    @Test("Decoded pixels match Pillow's", arguments: [
        ("orientation-1.jpg", 1), ("grey.jpg", 1), ("cmyk-adobe.jpg", 1), ("progressive.jpg", 1), ("icc.jpg", 1),
        ("stray-bytes.jpg", 1),
        ("scaled.jpg", 1), ("scaled.jpg", 2), ("scaled.jpg", 4), ("scaled.jpg", 8),
    ])
    func matchesGolden(name: String, denominator: Int) throws {
        let entry = try #require(Self.index["\(name).\(denominator)"])
        let header = try JPEGHeader.probe(path: JPEGFixture.path(name))
        let minimum = denominator == 1 ? nil : (header.width / denominator, header.height / denominator)
        let reader = try JPEGRowReader(path: JPEGFixture.path(name), minimumSize: minimum)
        #expect(reader.scaleDenominator == denominator)
        let image = try reader.readImage()
        #expect(image.width == entry.width && image.height == entry.height)
        let golden = try Self.golden("\(name).\(denominator)")
        try #require(golden.count == image.pixels.count)
        let worst = PixelComparison.worstDifference(image.pixels, golden)
        #expect(worst <= Self.tolerance, "largest channel difference \(worst)")
        #expect(stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 })
    }

    @Test("Greyscale comes out as equal R, G and B")
    func greyIsGrey() throws {
        let image = try JPEGDecoder.decode(path: JPEGFixture.path("grey.jpg"))
        let pixels = image.pixels
        let grey = Swift.stride(from: 0, to: pixels.count, by: 4).allSatisfy { (i: Int) -> Bool in
            pixels[i] == pixels[i + 1] && pixels[i] == pixels[i + 2]
        }
        #expect(grey)
    }

    static let scaleCases: [(minimum: [Int], denominator: Int, width: Int, height: Int)] = [
        ([257, 171], 1, 257, 171),
        ([200, 10], 1, 257, 171),
        ([129, 86], 2, 129, 86),
        ([130, 86], 1, 257, 171),
        ([129, 87], 1, 257, 171),
        ([65, 43], 4, 65, 43),
        ([66, 1], 2, 129, 86),
        ([33, 22], 8, 33, 22),
        ([1, 1], 8, 33, 22),
        ([0, 0], 8, 33, 22),
        ([34, 22], 4, 65, 43),
        ([1000, 1000], 1, 257, 171),
    ]

    /// The smallest scale (largest denominator) whose output still covers the request.
    @Test("DCT scaling picks the denominator from the minimum size", arguments: scaleCases)
    func scaleChoice(minimum: [Int], denominator: Int, width: Int, height: Int) throws {
        let reader = try JPEGRowReader(path: JPEGFixture.path("scaled.jpg"), minimumSize: (minimum[0], minimum[1]))
        #expect(reader.scaleDenominator == denominator)
        #expect(reader.outputWidth == width && reader.outputHeight == height)
        let image = try reader.readImage()
        #expect(image.pixels.count == width * height * 4)
    }

    @Test("Streaming in bands gives the whole-image pixels", arguments: [
        ("scaled.jpg", 1), ("scaled.jpg", 4), ("progressive.jpg", 1), ("cmyk-adobe.jpg", 2), ("grey.jpg", 1), ("orientation-6.jpg", 1),
    ])
    func streamingMatchesWhole(name: String, denominator: Int) throws {
        let path = JPEGFixture.path(name)
        let header = try JPEGHeader.probe(path: path)
        let minimum = (header.width / denominator, header.height / denominator)
        let whole = try JPEGRowReader(path: path, minimumSize: minimum).readImage()
        for band in [1, 7, 16] {
            let streamed = try JPEGFixture.streamDecode(JPEGRowReader(path: path, minimumSize: minimum), band: band)
            #expect(streamed == whole.pixels, "band of \(band) rows")
        }
    }

    @Test("Rows land at the stride the caller asks for")
    func customStride() throws {
        let reader = try JPEGRowReader(path: JPEGFixture.path("grey.jpg"))
        let whole = try JPEGRowReader(path: JPEGFixture.path("grey.jpg")).readImage()
        let stride = reader.bytesPerRow + 12
        var buffer = [UInt8](repeating: 0xAB, count: stride * reader.outputHeight)
        try buffer.withUnsafeMutableBytes { try reader.readRows(into: $0, stride: stride, count: reader.outputHeight) }
        try reader.finish()
        for row in 0..<reader.outputHeight {
            #expect(buffer[row * stride..<row * stride + reader.bytesPerRow].elementsEqual(
                whole.pixels[row * reader.bytesPerRow..<(row + 1) * reader.bytesPerRow]))
            #expect(buffer[row * stride + reader.bytesPerRow..<(row + 1) * stride].allSatisfy { $0 == 0xAB })
        }
    }

    @Test("Decoding from memory equals decoding from the file", arguments: ["scaled.jpg", "progressive.jpg", "cmyk-adobe.jpg", "orientation-7.jpg"])
    func memoryMatchesFile(name: String) throws {
        let path = JPEGFixture.path(name)
        #expect(try JPEGDecoder.decode(bytes: JPEGFixture.bytes(name)) == JPEGDecoder.decode(path: path))
        let fromMemory = try JPEGRowReader(bytes: JPEGFixture.bytes(name), minimumSize: (10, 10))
        let fromFile = try JPEGRowReader(path: path, minimumSize: (10, 10))
        #expect(fromMemory.orientation == fromFile.orientation && fromMemory.header == fromFile.header)
        #expect(try fromMemory.readImage() == fromFile.readImage())
    }

    @Test("The reader's EXIF orientation agrees with the probe's", arguments: JPEGFixture.orientationNames + ["far-exif.jpg", "garbage-exif.jpg", "icc.jpg"])
    func readerOrientation(name: String) throws {
        let reader = try JPEGRowReader(path: JPEGFixture.path(name))
        #expect(reader.orientation == reader.header.orientation)
    }

    @Test("The upright decoder swaps the minimum size for turned images")
    func uprightMinimum() throws {
        // orientation-6 is stored 32×48 and shown 48×32; 12×8 upright is 8×12 stored, a quarter.
        let image = try JPEGDecoder.decode(path: JPEGFixture.path("orientation-6.jpg"), minimumUprightSize: (12, 8))
        #expect(image.width == 12 && image.height == 8)
    }

    @Test("A clean file raises no warnings")
    func noWarnings() throws {
        let reader = try JPEGRowReader(path: JPEGFixture.path("scaled.jpg"))
        _ = try reader.readImage()
        #expect(reader.warnings.count == 0 && reader.warnings.first == nil)
    }
}
