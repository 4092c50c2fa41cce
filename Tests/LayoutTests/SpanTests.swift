import Geometry
import Layout
import Testing

/// Wide sources spanning two lanes, or every lane.
@Suite struct SpanTests {
    /// W = 100, C = 3, p = 2, m = 5: L = 5, 35, 65, 95. A single tile is 30 − 4 = 26 wide, a
    /// pair's 60 − 4 = 56 (the gutter between its lanes absorbed), an across tile 90 − 4 = 86.
    static let sources = [
        Size(width: 1, height: 1),  // ratio 1: one lane
        Size(width: 4, height: 1),  // 4 ≥ 2: spans
        Size(width: 2, height: 1),  // 2 · 1 ≥ 2 · 1, exactly at the threshold: spans
        Size(width: 3, height: 2),  // 3 · 1 < 2 · 2: one lane
        Size(width: 5, height: 2),  // 5 ≥ 4: spans
        Size(width: 8, height: 2),  // spans
        Size(width: 1, height: 1),
    ]

    static func configuration(placement: Placement = .shortest, spanAll: Bool = false, lanes: Int = 3) throws -> MasonryArrangement {
        try MasonryArrangement(
            breadth: 100, lanes: lanes, padding: 2, margin: 5, placement: placement,
            spanWide: Ratio(numerator: 2, denominator: 1), spanAll: spanAll)
    }

    /// Pairs (0, 1) and (1, 2); a pair's end is the longer of its two lanes' ends.
    ///  0: 1×1, ends 5 5 5 → lane 0 → (7, 7) 26×26, ends 35 5 5
    ///  1: 4×1, pairs 35 5 → pair 1 at 5 → (37, 7) 56×14, ends 35 23 23
    ///  2: 2×1, pairs 35 23 → pair 1 at 23 → (37, 25) 56×28, ends 35 55 55
    ///  3: 3×2, 26·2/3 = 17.3: 17 → lane 0 → (7, 37) 26×17, ends 56 55 55
    ///  4: 5×2, pairs 56 55 → pair 1 at 55, 56·2/5 = 22.4: 22 → (37, 57) 56×22, ends 56 81 81
    ///  5: 8×2, pairs 81 81, a tie → pair 0 at 81, 14 → (7, 83) 56×14, ends 99 99 81
    ///  6: 1×1 → lane 2 → (67, 83) 26×26, ends 99 99 111
    /// Sheet: 100 × (111 + 5) = 100×116.
    @Test func spanTwoLanes() throws {
        let layout = try MasonryLayout(arrangement: Self.configuration(), sources: Self.sources)
        #expect(layout.tiles == WorkedLanes.tiles(
            lanes: [0, 1, 1, 0, 1, 0, 2], tops: [7, 7, 25, 37, 57, 83, 83], heights: [26, 14, 28, 17, 22, 14, 26],
            laneCounts: [1, 2, 2, 1, 2, 2, 1]))
        #expect(layout.sheet == Size(width: 100, height: 116))
    }

    /// Every span starts at the longest lane's end and levels all lanes below it.
    ///  0: 1×1 → lane 0 → (7, 7) 26×26, ends 35 5 5
    ///  1: 4×1 at 35, 86/4 = 21.5: 22 → (7, 37) 86×22, ends 61 61 61
    ///  2: 2×1 at 61, 43 → (7, 63) 86×43, ends 108 108 108
    ///  3: 3×2 → lane 0 → (7, 110) 26×17, ends 129 108 108
    ///  4: 5×2 at 129, 86·2/5 = 34.4: 34 → (7, 131) 86×34, ends 167
    ///  5: 8×2 at 167, 22 → (7, 169) 86×22, ends 193
    ///  6: 1×1 → lane 0 → (7, 195) 26×26, ends 223 193 193
    /// Sheet: 100 × (223 + 5) = 100×228.
    @Test func spanAllLanes() throws {
        let layout = try MasonryLayout(arrangement: Self.configuration(spanAll: true), sources: Self.sources)
        #expect(layout.tiles == WorkedLanes.tiles(
            lanes: [0, 0, 0, 0, 0, 0, 0], tops: [7, 37, 63, 110, 131, 169, 195], heights: [26, 22, 43, 17, 34, 22, 26],
            laneCounts: [1, 3, 3, 1, 3, 3, 1]))
        #expect(layout.sheet == Size(width: 100, height: 228))
    }

    /// Round-robin: the k-th source takes lane k mod 3, or, spanning, the pair from it (the
    /// last pair, from lane 1, when that is lane 2); the count moves on by one either way.
    ///  0: lane 0 → (7, 7) 26×26, ends 35 5 5
    ///  1: pair 1 at max(5, 5) → (37, 7) 56×14, ends 35 23 23
    ///  2: lane 2 is last: pair 1 at 23 → (37, 25) 56×28, ends 35 55 55
    ///  3: lane 0 → (7, 37) 26×17, ends 56 55 55
    ///  4: pair 1 at 55 → (37, 57) 56×22, ends 56 81 81
    ///  5: pair 1 at 81 → (37, 83) 56×14, ends 56 99 99
    ///  6: lane 0 at 56 → (7, 58) 26×26, ends 86 99 99
    /// Sheet: 100 × (99 + 5) = 100×104.
    @Test func roundRobinSpans() throws {
        let layout = try MasonryLayout(arrangement: Self.configuration(placement: .roundRobin), sources: Self.sources)
        #expect(layout.tiles == WorkedLanes.tiles(
            lanes: [0, 1, 1, 0, 1, 1, 0], tops: [7, 7, 25, 37, 57, 83, 58], heights: [26, 14, 28, 17, 22, 14, 26],
            laneCounts: [1, 2, 2, 1, 2, 2, 1]))
        #expect(layout.sheet == Size(width: 100, height: 104))
    }

    /// With one lane there is nothing to span: the sheet is the one without spans.
    @Test(arguments: [false, true])
    func oneLaneIgnoresSpans(spanAll: Bool) throws {
        let spanning = try MasonryLayout(arrangement: Self.configuration(spanAll: spanAll, lanes: 1), sources: Self.sources)
        let plain = try MasonryLayout(
            configuration: LayoutConfiguration(breadth: 100, lanes: 1, padding: 2, margin: 5), sources: Self.sources)
        #expect(spanning.tiles == plain.tiles)
        #expect(spanning.sheet == plain.sheet)
    }

    /// Queries into the gutters, which only spanning tiles cover (tile 1 spans lanes 1 and 2,
    /// over the gutter x 63 ..< 67; tile 5 spans lanes 0 and 1, over x 33 ..< 37, rows 83 ..< 97).
    @Test(arguments: [
        (Rect(x: 63, y: 10, width: 4, height: 1), [1]),
        (Rect(x: 33, y: 10, width: 4, height: 1), [Int]()),
        (Rect(x: 33, y: 90, width: 4, height: 1), [5]),
        (Rect(x: 34, y: 96, width: 1, height: 1), [5]),
        (Rect(x: 34, y: 97, width: 1, height: 1), [Int]()),
        (Rect(x: 0, y: 78, width: 100, height: 20), [4, 5, 6]),  // tile 4's last row is 78
    ])
    func gutterQueries(query: Rect, expected: [Int]) throws {
        let layout = try MasonryLayout(arrangement: Self.configuration(), sources: Self.sources)
        #expect(layout.tiles(meeting: query).map(\.index) == expected)
        #expect(layout.tiles.filter { $0.rect.intersects(query) }.map(\.index) == expected)
    }

    @Test(arguments: [(0, 1), (1, 0), (-3, 2), (2, -1), (LayoutConfiguration.largestSetting + 1, 1)])
    func invalidRatio(numerator: Int, denominator: Int) {
        #expect(throws: LayoutError.invalidRatio(numerator: numerator, denominator: denominator)) {
            try Ratio(numerator: numerator, denominator: denominator)
        }
    }

    @Test func spanAllNeedsARatio() {
        #expect(throws: LayoutError.spanAllWithoutSpanWide) {
            try MasonryArrangement(spanAll: true)
        }
    }

    /// Sources of any size compare exactly. With n/d = (2³¹ − 1) / 2³⁰, a 2⁴⁰ × h source spans when
    /// 2⁴⁰ · 2³⁰ ≥ (2³¹ − 1) · h, products past 64 bits: h = 2³⁹ + 256 gives 2⁷⁰ − 256 (spans),
    /// h = 2³⁹ + 257 gives 2⁷⁰ + 2³¹ − 257 (does not).
    @Test func hugeSourcesCompareExactly() throws {
        let arrangement = try MasonryArrangement(
            breadth: 100, lanes: 2, padding: 0,
            spanWide: Ratio(numerator: LayoutConfiguration.largestSetting, denominator: 1 << 30))
        let spans = Size(width: 1 << 40, height: (1 << 39) + 256)
        let doesNot = Size(width: 1 << 40, height: (1 << 39) + 257)
        let layout = try MasonryLayout(arrangement: arrangement, sources: [doesNot, spans])
        #expect(layout.tiles.map(\.laneCount) == [1, 2])
    }
}
