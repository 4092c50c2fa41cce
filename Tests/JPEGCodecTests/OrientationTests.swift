import ImageInput
import PNGCodec
import Testing
@testable import JPEGCodec
import TestSupport

@Suite("Orientation")
struct OrientationTests {
    /// A 3×2 stored image whose pixels are labelled a…f by their red sample:
    ///
    ///     a b c
    ///     d e f
    static let stored = RGBAImage(width: 3, height: 2, pixels: Array("abcdef".utf8).flatMap { [$0, 0, 0, 255] })

    /// The upright image of each tag value, row by row, written out from EXIF's
    /// definitions (where stored row 0 and column 0 belong), not from the code.
    @Test("Each tag value turns the stored image upright", arguments: [
        (Orientation.identity, ["abc", "def"]),
        (.mirrorHorizontal, ["cba", "fed"]),
        (.rotate180, ["fed", "cba"]),
        (.mirrorVertical, ["def", "abc"]),
        (.transpose, ["ad", "be", "cf"]),
        (.rotate90Clockwise, ["da", "eb", "fc"]),
        (.transverse, ["fc", "eb", "da"]),
        (.rotate270Clockwise, ["cf", "be", "ad"]),
    ])
    func smallImage(orientation: Orientation, rows: [String]) {
        let upright = orientation.apply(to: Self.stored)
        #expect(upright.width == rows[0].count && upright.height == rows.count)
        let labels = stride(from: 0, to: upright.pixels.count, by: 4).map { Character(UnicodeScalar(upright.pixels[$0])) }
        #expect(String(labels) == rows.joined())
        #expect(stride(from: 3, to: upright.pixels.count, by: 4).allSatisfy { upright.pixels[$0] == 255 })
    }

    @Test("Upright sizes swap for 5 to 8", arguments: Orientation.allCases)
    func uprightSize(orientation: Orientation) {
        let size = orientation.uprightSize(width: 40, height: 30)
        #expect(orientation.swapsDimensions == (orientation.rawValue >= 5))
        #expect(size.width == (orientation.swapsDimensions ? 30 : 40) && size.height == (orientation.swapsDimensions ? 40 : 30))
    }

    @Test("Probed sizes and orientations of the eight files", arguments: 1...8)
    func probe(value: Int) throws {
        let header = try JPEGHeader.probe(path: JPEGFixture.path("orientation-\(value).jpg"))
        #expect(header.orientation.rawValue == value)
        #expect(header.orientation.uprightSize(width: header.width, height: header.height) == (48, 32))
        #expect((header.width, header.height) == (value >= 5 ? (32, 48) : (48, 32)))
    }

    /// The eight files store one picture eight ways; turned upright they must agree.
    /// JPEG blocks fall on differently aligned content in each, so samples differ
    /// by their quantisation error. Measured: worst 8, mean 0.59 for 5–8 (blocks
    /// hold transposed content, so rounding differs), worst 2 for 2–4.
    @Test("All eight orientations decode to the same upright picture", arguments: 2...8)
    func sameUpright(value: Int) throws {
        let reference = try JPEGDecoder.decode(path: JPEGFixture.path("orientation-1.jpg"))
        let reader = try JPEGRowReader(path: JPEGFixture.path("orientation-\(value).jpg"))
        #expect(reader.orientation.rawValue == value)
        let upright = reader.orientation.apply(to: try reader.readImage())
        #expect(upright.width == 48 && upright.height == 32)
        let worst = PixelComparison.worstDifference(upright.pixels, reference.pixels)
        let mean = JPEGFixture.meanDifference(upright.pixels, reference.pixels)
        #expect(worst <= 10, "largest channel difference \(worst)")
        #expect(mean < 1, "mean difference \(mean)")
    }

    @Test("A wrong transform is caught: mirrored is far from upright")
    func wrongTransformIsVisible() throws {
        let reference = try JPEGDecoder.decode(path: JPEGFixture.path("orientation-1.jpg"))
        let reader = try JPEGRowReader(path: JPEGFixture.path("orientation-2.jpg"))
        let unturned = try reader.readImage()
        #expect(JPEGFixture.meanDifference(unturned.pixels, reference.pixels) > 20)
    }
}
