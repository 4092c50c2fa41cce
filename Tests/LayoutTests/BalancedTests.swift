import Geometry
import Layout
import TestSupport
import Testing

/// `--placement balanced`: the worked example by hand, and small boards against an exhaustive
/// search of every way to split each section's sources into runs, one a lane.
@Suite struct BalancedTests {
    /// The worked example's sheet and nine sources (docs/geometry.md): cells of `h + 4` are
    /// 24 30 56 9 5 5 17 14 30, 190 in all. Within 69 the lanes cannot hold them (24 + 30, then
    /// 56 + 9, leave 71 for the last lane); within 70 they fill as 0–1 (54), 2–4 (70), 5–8 (66).
    /// The sheet is 5 + 70 + 5 = 80 high, where shortest placement makes 92 and round-robin 101.
    @Test func workedExample() throws {
        let configuration = try LayoutConfiguration(breadth: 100, lanes: 3, padding: 2, margin: 5)
        let layout = try MasonryLayout(
            arrangement: MasonryArrangement(configuration: configuration, placement: .balanced),
            sources: HandComputedTests.workedExampleSources)
        #expect(layout.tiles.map(\.lane) == [0, 0, 1, 1, 1, 2, 2, 2, 2])
        #expect(layout.tiles.map(\.rect) == [
            Rect(x: 7, y: 7, width: 26, height: 20), Rect(x: 7, y: 31, width: 26, height: 26),
            Rect(x: 37, y: 7, width: 26, height: 52), Rect(x: 37, y: 63, width: 26, height: 5),
            Rect(x: 37, y: 72, width: 26, height: 1),
            Rect(x: 67, y: 7, width: 26, height: 1), Rect(x: 67, y: 12, width: 26, height: 13),
            Rect(x: 67, y: 29, width: 26, height: 10), Rect(x: 67, y: 43, width: 26, height: 26),
        ])
        #expect(layout.sheet == Size(width: 100, height: 80))
    }

    /// Spans would cross the runs: refused, naming both settings.
    @Test func spansAreRefused() throws {
        let configuration = try LayoutConfiguration(breadth: 100, lanes: 3)
        let ratio = try Ratio(numerator: 3, denominator: 2)
        #expect(throws: LayoutError.balancedWithSpans(spanWide: ratio, direction: .vertical)) {
            try MasonryArrangement(configuration: configuration, placement: .balanced, spanWide: ratio)
        }
        #expect(LayoutError.balancedWithSpans(spanWide: ratio, direction: .vertical).description
            == "balanced placement splits the images into columns in order, one run each, so images cannot span columns; "
            + "a span ratio of 3/2 was given with it")
    }

    /// Fewer sources than lanes: each in a lane of its own from the left, unless two fit in
    /// the length the longest needs. Cells 30, 10, 10 in 4 lanes of 26: 10 + 10 fit within 30.
    @Test func fewerSourcesThanLanes() throws {
        let configuration = try LayoutConfiguration(breadth: 130, lanes: 4, padding: 2, margin: 5)
        let sources = [Size(width: 26, height: 26), Size(width: 26, height: 6), Size(width: 26, height: 6)]
        let layout = try MasonryLayout(
            arrangement: MasonryArrangement(configuration: configuration, placement: .balanced), sources: sources)
        #expect(layout.tiles.map(\.lane) == [0, 1, 1])
        #expect(layout.sheet.height == 40)
    }

    /// A billion lanes, lane 0 one pixel wide and every other two (2·10⁹ − 1 px of content):
    /// squares have cells of 1 and 2. Within 2, lane 0 takes two and lanes 1–8 one each;
    /// within 1, the third square would need a narrow lane after lane 0, and the split says
    /// there is none without walking the billion lanes.
    @Test func aBillionLanes() throws {
        let configuration = try LayoutConfiguration(breadth: 1_999_999_999, lanes: 1_000_000_000, padding: 0, margin: 0)
        let layout = try MasonryLayout(
            arrangement: MasonryArrangement(configuration: configuration, placement: .balanced),
            sources: Array(repeating: Size(width: 1, height: 1), count: 10))
        #expect(layout.tiles.map(\.lane) == [0, 0, 1, 2, 3, 4, 5, 6, 7, 8])
        #expect(layout.tiles.map(\.rect.width) == [1, 1, 2, 2, 2, 2, 2, 2, 2, 2])
        #expect(layout.sheet.height == 2)
    }

    /// The lanes are those of the exhaustive search, on 500 boards of up to 12 sources in up to
    /// 5 lanes, both directions, with captions, titles and sections.
    @Test(arguments: Direction.allCases, 0..<250 as Range<UInt64>)
    func matchesAnExhaustiveSearch(direction: Direction, seed: UInt64) throws {
        var random = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 5)
        let lanes = random.int(in: 1...5)
        let padding = random.int(in: 0...4)
        let margin = random.int(in: 0...6)
        let vertical = direction == .vertical
        let configuration = try LayoutConfiguration(
            direction: direction, breadth: 2 * margin + lanes * (2 * padding + 1) + random.int(in: 0...300), lanes: lanes,
            padding: padding, margin: margin,
            titleHeight: vertical && random.chance(1, in: 3) ? random.int(in: 1...20) : 0,
            labelHeight: vertical && random.chance(1, in: 3) ? random.int(in: 1...12) : 0,
            sectionHeaderHeight: vertical ? random.int(in: 0...15) : 0)
        let sources = (0..<random.int(in: 0...12)).map { _ in
            random.chance(1, in: 8)
                ? Size(width: random.int(in: 1...4), height: random.int(in: 300...900))
                : Size(width: random.int(in: 1...600), height: random.int(in: 1...600))
        }
        let sectionStarts = vertical && !sources.isEmpty && random.chance(1, in: 3)
            ? [0] + (1..<sources.count).filter { _ in random.chance(1, in: 4) } : []
        let layout = try MasonryLayout(
            arrangement: MasonryArrangement(configuration: configuration, placement: .balanced), sources: sources,
            sectionStarts: sectionStarts)
        let expected = Self.exhaustive(sources, configuration: configuration, sectionStarts: sectionStarts)
        #expect(layout.tiles.map(\.lane) == expected, "seed \(seed): \(configuration), \(sources), sections \(sectionStarts)")
        // Reading order: down each lane, then across, within each section.
        let bounds = (sectionStarts.isEmpty ? [0] : sectionStarts) + [sources.count]
        for (start, end) in zip(bounds, bounds.dropFirst()) {
            let lanesInOrder = layout.tiles[start..<end].map(\.lane)
            #expect(lanesInOrder == lanesInOrder.sorted(), "seed \(seed)")
        }
    }

    /// Every split of each section into runs, one a lane (empty runs allowed): the longest
    /// lane's cells summed, the least kept; on a tie, the split whose first lane takes the
    /// most, then the second, and so on.
    static func exhaustive(_ sources: [Size], configuration: LayoutConfiguration, sectionStarts: [Int]) -> [Int] {
        let (lanes, padding, margin) = (configuration.lanes, configuration.padding, configuration.margin)
        func cell(_ index: Int, _ lane: Int) -> Int {
            let breadth = Reference.laneStart(lane + 1, breadth: configuration.breadth, lanes: lanes, margin: margin)
                - Reference.laneStart(lane, breadth: configuration.breadth, lanes: lanes, margin: margin) - 2 * padding
            let (sourceBreadth, sourceLength) = Reference.extents(of: sources[index], configuration.direction)
            return Reference.length(sourceBreadth: sourceBreadth, sourceLength: sourceLength, breadth: breadth)
                + configuration.labelHeight + 2 * padding
        }
        /// Every non-decreasing list of `count` cut points from `low` to `high`.
        func cuts(_ count: Int, from low: Int, to high: Int) -> [[Int]] {
            guard count > 0 else { return [[]] }
            return (low...high).flatMap { first in cuts(count - 1, from: first, to: high).map { [first] + $0 } }
        }
        let bounds = (sectionStarts.isEmpty ? [0] : sectionStarts) + [sources.count]
        return zip(bounds, bounds.dropFirst()).flatMap { start, end -> [Int] in
            var best: (longest: Int, cuts: [Int])?
            for inner in cuts(lanes - 1, from: start, to: end) {
                let edges = [start] + inner + [end]
                let longest = (0..<lanes).map { lane in (edges[lane]..<edges[lane + 1]).reduce(0) { $0 + cell($1, lane) } }.max() ?? 0
                if let current = best {
                    if longest < current.longest || (longest == current.longest && inner.lexicographicallyPrecedes(current.cuts, by: >)) {
                        best = (longest, inner)
                    }
                } else {
                    best = (longest, inner)
                }
            }
            let edges = [start] + (best?.cuts ?? []) + [end]
            return (start..<end).map { index in (0..<lanes).last { edges[$0] <= index } ?? 0 }
        }
    }
}
