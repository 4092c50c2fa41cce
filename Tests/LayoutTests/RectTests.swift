import Geometry
import Layout
import Testing
import TestSupport

/// Rects are half-open: they share a pixel or they do not meet.
@Suite struct RectTests {
    @Test func edges() {
        let rect = Rect(x: 3, y: 4, width: 10, height: 20)
        #expect(rect.maxX == 13)
        #expect(rect.maxY == 24)
        #expect(!rect.isEmpty)
    }

    @Test(arguments: [
        (Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 5, y: 5, width: 10, height: 10), true),  // overlapping corners
        (Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 10, y: 0, width: 10, height: 10), false),  // touching side by side
        (Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 0, y: 10, width: 10, height: 10), false),  // touching one above the other
        (Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 9, y: 9, width: 1, height: 1), true),  // the last pixel
        (Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 2, y: 2, width: 3, height: 3), true),  // inside
        (Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 5, y: 0, width: 0, height: 10), false),  // zero width, inside
        (Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 0, y: 5, width: 10, height: 0), false),  // zero height, inside
        (Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 8, y: 2, width: -4, height: 3), false),  // negative width
        (Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: -5, y: -5, width: 30, height: 30), true),  // around it
    ])
    func intersects(_ a: Rect, _ b: Rect, expected: Bool) {
        #expect(a.intersects(b) == expected)
        #expect(b.intersects(a) == expected)
    }

    @Test func endsSaturateInsteadOfTrapping() {
        #expect(Rect(x: 10, y: 0, width: Int.max, height: 1).maxX == Int.max)
        #expect(Rect(x: 0, y: -10, width: 1, height: Int.min).maxY == Int.min)
        #expect(Rect(x: 5, y: 5, width: Int.max, height: Int.max).intersects(Rect(x: 1 << 62, y: 1 << 62, width: 1, height: 1)))
    }

    /// `intersects` against its definition, pixel by pixel, on a small grid.
    @Test func agreesWithSharedPixels() {
        var generator = SplitMix64(seed: 7)
        var meetings = 0
        for _ in 0..<5000 {
            let a = Self.smallRect(&generator)
            let b = Self.smallRect(&generator)
            let sharesPixel = (-3..<15).contains { x in
                (-3..<15).contains { y in Self.covers(a, x, y) && Self.covers(b, x, y) }
            }
            #expect(a.intersects(b) == sharesPixel, "\(a) and \(b)")
            meetings += sharesPixel ? 1 : 0
        }
        #expect(meetings > 500 && meetings < 4500, "\(meetings) of 5000 pairs meet")
    }

    private static func covers(_ rect: Rect, _ x: Int, _ y: Int) -> Bool {
        rect.x <= x && x < rect.x + rect.width && rect.y <= y && y < rect.y + rect.height
    }

    /// Mostly rects of a few pixels, one side in eight zero or negative.
    private static func smallRect(_ generator: inout SplitMix64) -> Rect {
        func side() -> Int { generator.chance(1, in: 8) ? generator.int(in: -2...0) : generator.int(in: 1...7) }
        return Rect(x: generator.int(in: -2...6), y: generator.int(in: -2...6), width: side(), height: side())
    }
}
