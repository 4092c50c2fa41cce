import Differences
import Foundation
import PNGCodec
import PinboardCompare
import TestSupport
import Testing

/// The counts of pixelmatch's own test file (`test/test.js`) over its fixtures, copied into
/// `Fixtures/pixelmatch-7.2` from mapbox/pixelmatch at v7.2.0 (9faed09): with the
/// checkerboard, 7.2's numbers; with white, 6.0's, whose file has the same cases but
/// 5a/5b's, where the semi-transparent pixels are. pixelmatch leaves anti-aliased pixels
/// out by default (`includeAA: false`), as `--ignore-antialiasing` does.
@Suite("pixelmatch 7.2's test cases, checkerboard and white")
struct PixelmatchSevenTests {
    static func changed(_ a: String, _ b: String, threshold: Double, background: AlphaBackground) throws -> Int {
        var options = ComparisonOptions(criteria: PixelCriteria(colorThreshold: threshold, ignoresAntialiasing: true))
        options.criteria.alphaBackground = background
        let report = try SheetComparer.compare(
            .file(Fixture.path("pixelmatch-7.2/\(a).png")), .file(Fixture.path("pixelmatch-7.2/\(b).png")), options: options)
        return report.total.changedPixels
    }

    @Test("Checkerboard: pixelmatch 7.2's counts", arguments: [
        ("1a", "1b", 0.05, 143), ("1a", "1b", 0.1, 106), ("1a", "1a", 0.0, 0), ("2a", "2b", 0.05, 12437),
        ("3a", "3b", 0.05, 212), ("4a", "4b", 0.05, 36049), ("5a", "5b", 0.05, 6), ("6a", "6b", 0.05, 51),
        ("6a", "6a", 0.0, 0), ("7a", "7b", 0.1, 2448), ("8a", "5b", 0.05, 32896),
    ])
    func checkerboard(a: String, b: String, threshold: Double, expected: Int) throws {
        #expect(try Self.changed(a, b, threshold: threshold, background: .checkerboard) == expected)
    }

    @Test("White: pixelmatch 6.0's counts (5a/5b: none)", arguments: [
        ("1a", "1b", 0.05, 143), ("2a", "2b", 0.05, 12437), ("3a", "3b", 0.05, 212), ("4a", "4b", 0.05, 36049),
        ("5a", "5b", 0.05, 0), ("6a", "6b", 0.05, 51), ("7a", "7b", 0.1, 2448),
    ])
    func white(a: String, b: String, threshold: Double, expected: Int) throws {
        #expect(try Self.changed(a, b, threshold: threshold, background: .white) == expected)
    }

    /// pixelmatch 7.2's "checkerboard: false blends semi-transparent pixels against white":
    /// half-transparent black and opaque grey look alike on white, not on the dark square.
    @Test("Half-transparent black against opaque grey: equal over white, changed over the checkerboard")
    func onePixel() throws {
        let folder = try TemporaryFolder()
        for (name, pixel) in [("a.png", [UInt8]([0, 0, 0, 128])), ("b.png", [127, 127, 127, 255])] {
            let writer = try PNGWriter(to: .path(folder.path + "/" + name), width: 1, height: 1, channels: .rgba)
            try pixel.withUnsafeBytes { try writer.write(rows: $0, stride: 4, count: 1) }
            try writer.finish()
        }
        for (background, expected) in [(AlphaBackground.white, 0), (.checkerboard, 1)] {
            var options = ComparisonOptions(criteria: PixelCriteria(colorThreshold: 0.1))
            options.criteria.alphaBackground = background
            let report = try SheetComparer.compare(.file(folder.path + "/a.png"), .file(folder.path + "/b.png"), options: options)
            #expect(report.total.changedPixels == expected, "\(background)")
        }
    }
}
