import Differences
import Geometry
import Raster
import TestSupport
import Testing

@Suite("Change scanner: criteria, anti-aliasing and ignored areas")
struct ChangeScannerTests {
    /// Scans two images of one size; returns the figures and the changed and anti-aliased
    /// pixels, as (x, y) lists, in the order the rows came out.
    static func scan(
        _ a: RGBAImage, _ b: RGBAImage, criteria: PixelCriteria = PixelCriteria(), ignoring ignored: [Rect] = []
    ) -> (difference: PixelDifference, changed: [Point], antialiased: [Point], rows: [Int]) {
        var scanner = ChangeScanner(width: a.width, height: a.height, criteria: criteria, ignoring: ignored)
        var changed: [Point] = []
        var antialiased: [Point] = []
        var rows: [Int] = []
        let record = { (row: ChangeScanner.ScannedRow) in
            rows.append(row.y)
            for x in 0..<a.width {
                if row.changes[x / 64] >> (x % 64) & 1 == 1 { changed.append(Point(x: x, y: row.y)) }
                if row.antialiased[x / 64] >> (x % 64) & 1 == 1 { antialiased.append(Point(x: x, y: row.y)) }
            }
        }
        let stride = a.width * 4
        a.pixels.withUnsafeBytes { pixelsA in
            b.pixels.withUnsafeBytes { pixelsB in
                for y in 0..<a.height {
                    let bytes = y * stride..<(y + 1) * stride
                    scanner.add(
                        UnsafeRawBufferPointer(rebasing: pixelsA[bytes]), UnsafeRawBufferPointer(rebasing: pixelsB[bytes]), scanned: record)
                }
            }
        }
        scanner.finish(scanned: record)
        return (scanner.difference, changed, antialiased, rows)
    }

    struct Point: Hashable, CustomStringConvertible {
        let x: Int
        let y: Int
        var description: String { "(\(x), \(y))" }
    }

    /// One circle, its edge sampled 4×4 or 16×16 times a pixel.
    static func circleA() throws -> RGBAImage { try DrawnShapes.disc(size: 48, centerX: 23.5, centerY: 24.2, radius: 15, samples: 4) }
    static func circleB() throws -> RGBAImage { try DrawnShapes.disc(size: 48, centerX: 23.5, centerY: 24.2, radius: 15, samples: 16) }

    @Test("Without anti-aliasing or a colour threshold, the scanner agrees with PixelDifference row for row", arguments: [1, 5, 64, 131])
    func agreesWithChannels(width: Int) throws {
        let a = try TestImages.random(width: width, height: 9, seed: UInt64(width))
        var generator = SplitMix64(seed: 99)
        let b = try RGBAImage(
            width: width, height: 9, pixels: a.pixels.map { Bool.random(using: &generator) ? $0 : $0 &+ UInt8.random(in: 0...9, using: &generator) })
        let scanned = Self.scan(a, b, criteria: PixelCriteria(threshold: 4))
        let expected = DiffReference.compare(a.pixels, b.pixels, threshold: 4)
        #expect(scanned.difference == expected)
        #expect(scanned.rows == Array(0..<9))
        let changes = DiffReference.channelDifferences(a.pixels, b.pixels)
        #expect(scanned.changed.map { $0.y * width + $0.x } == changes.indices.filter { changes[$0] > 4 })
    }

    @Test("The same circle anti-aliased two ways differs without --ignore-antialiasing and not with it")
    func circleTwoWays() throws {
        let a = try Self.circleA()
        let b = try Self.circleB()
        let strict = Self.scan(a, b)
        #expect(strict.difference.changedPixels > 20)
        let forgiving = Self.scan(a, b, criteria: PixelCriteria(ignoresAntialiasing: true))
        #expect(forgiving.difference.changedPixels == 0, "\(forgiving.changed)")
        #expect(forgiving.difference.antialiasedPixels == strict.difference.changedPixels)
        #expect(Set(forgiving.antialiased) == Set(strict.changed))
        #expect(forgiving.rows == Array(0..<48), "every row handed over once, in order, the last two by finish")
    }

    @Test("One solid pixel changed beside the circle still counts with anti-aliasing ignored")
    func solidPixelStillCounts() throws {
        let a = try Self.circleA()
        let b = try DrawnShapes.setting(try Self.circleB(), x: 44, y: 3, to: Color(red: 220, green: 20, blue: 20))
        let scanned = Self.scan(a, b, criteria: PixelCriteria(ignoresAntialiasing: true))
        #expect(scanned.changed == [Point(x: 44, y: 3)])
        #expect(scanned.difference.changedPixels == 1)
    }

    @Test("A pixel on the image's edge is tested with the edge counting as a flat neighbour")
    func edgePixel() throws {
        let a = try DrawnShapes.disc(size: 16, centerX: 8, centerY: 8, radius: 4, samples: 4)
        let b = try DrawnShapes.setting(a, x: 0, y: 15, to: .black)
        #expect(Self.scan(a, b, criteria: PixelCriteria(ignoresAntialiasing: true)).changed == [Point(x: 0, y: 15)])
    }

    @Test("The colour threshold is pixelmatch's: 35215·T² of YIQ distance", arguments: [
        // Red against cyan is the largest distance, 35215: over any threshold below 1.
        (Color(red: 255, green: 0, blue: 0), Color(red: 0, green: 255, blue: 255), 0.999, true),
        (Color(red: 255, green: 0, blue: 0), Color(red: 0, green: 255, blue: 255), 1.0, false),
        // Black against white is 0.5053·255² = 32857: over 0.96 (32454), within 0.97 (33134).
        (Color.black, Color.white, 0.96, true), (Color.black, Color.white, 0.97, false),
        // A grey step of 10 in every channel is a YIQ distance of 0.5053·10² = 50.53 (I and Q
        // cancel): over 0.03 (31.69), within 0.04 (56.34).
        (Color(red: 100, green: 100, blue: 100), Color(red: 110, green: 110, blue: 110), 0.03, true),
        (Color(red: 100, green: 100, blue: 100), Color(red: 110, green: 110, blue: 110), 0.04, false),
        // Half-transparent black is blended over white first: a mid grey, 127.5 from white.
        (Color(red: 0, green: 0, blue: 0, alpha: 128), Color(red: 0, green: 0, blue: 0, alpha: 127), 0.0, true),
    ])
    func colorThreshold(a: Color, b: Color, threshold: Double, changed: Bool) throws {
        let scanned = Self.scan(
            try TestImages.solid(a, width: 3, height: 2), try TestImages.solid(b, width: 3, height: 2),
            criteria: PixelCriteria(colorThreshold: threshold))
        #expect(scanned.difference.changedPixels == (changed ? 6 : 0))
    }

    @Test("A change inside an ignored area passes and is counted as masked; one pixel outside fails")
    func ignoredAreas() throws {
        let a = try TestImages.solid(.white, width: 20, height: 10)
        var b = a
        for y in 2..<5 {
            for x in 3..<7 { b = try DrawnShapes.setting(b, x: x, y: y, to: .black) }
        }
        let area = Rect(x: 3, y: 2, width: 4, height: 3)
        let inside = Self.scan(a, b, ignoring: [area, Rect(x: 5, y: 0, width: 40, height: 3)])
        #expect(inside.difference.changedPixels == 0)
        #expect(inside.difference.maskedPixels == 12, "overlapping areas count each pixel once")
        #expect(inside.difference.maxChannelDifference == 0, "ignored pixels count in no figure")
        let outside = Self.scan(a, try DrawnShapes.setting(b, x: 7, y: 4, to: .black), ignoring: [area])
        #expect(outside.changed == [Point(x: 7, y: 4)])
    }
}
