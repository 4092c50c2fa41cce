import Geometry
import Layout
import Testing
import TestSupport

@Suite("Even bottom")
struct EvenBottomTests {
    // W = 200, 2 lanes, no padding or margin: tiles are 100 px wide. Heights 100, 110, 100
    // go to lanes 0, 1, 0, so the lanes end at 200 and 110; the target is 110.
    static let sources = [Size(width: 100, height: 100), Size(width: 100, height: 110), Size(width: 100, height: 100)]

    @Test("Hand-computed: 50% allowed levels the lanes; 8% levels them as far as it can")
    func handComputed() throws {
        let layout = try MasonryLayout(configuration: LayoutConfiguration(breadth: 200, lanes: 2, padding: 0), sources: Self.sources)
        // 50%: lane 0 may lose 50 + 50 rows, needs 90: 45 each. Tile 2 moves up by 45.
        let flush = try EvenBottom(layout, maxCropPercent: 50)
        #expect(flush.crops == [45, 0, 45] && flush.spread == 0 && flush.sheet == Size(width: 200, height: 110))
        #expect(flush.tiles.map(\.rect) == [
            Rect(x: 0, y: 0, width: 100, height: 55), Rect(x: 100, y: 0, width: 100, height: 110),
            Rect(x: 0, y: 55, width: 100, height: 55),
        ])
        // 8%: lane 0 may lose 8 + 8 rows; it ends at 184, 74 rows below lane 1.
        let partial = try EvenBottom(layout, maxCropPercent: 8)
        #expect(partial.crops == [8, 0, 8] && partial.spread == 74 && partial.sheet.height == 184)
    }

    @Test("Odd rows go to the largest remainders, the earlier tile on ties")
    func leftovers() throws {
        // Lane 0 holds 100 and 100 (ends 200), lane 1 holds 107 (ends 107): lane 0 must lose
        // 93 of an allowance of 50 + 50; shares ⌊93·50/100⌋ = 46 each, one row left over,
        // equal remainders: the earlier tile takes it.
        let sources = [Size(width: 100, height: 100), Size(width: 100, height: 107), Size(width: 100, height: 100)]
        let layout = try MasonryLayout(configuration: LayoutConfiguration(breadth: 200, lanes: 2, padding: 0), sources: sources)
        #expect(try EvenBottom(layout, maxCropPercent: 50).crops == [47, 0, 46])
    }

    @Test("Random boards: allowances respected, order and gaps kept, flush when the spread is 0", arguments: 0..<300)
    func property(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let padding = random.int(in: 0...5)
        let margin = random.int(in: 0...7)
        let arrangement = try MasonryArrangement(
            breadth: random.int(in: 200...900), lanes: random.int(in: 1...5), padding: padding, margin: margin,
            placement: random.chance(1, in: 4) ? .roundRobin : .shortest
        )
        let sources = (0..<random.int(in: 1...40)).map { _ in Size(width: random.int(in: 1...300), height: random.int(in: 1...300)) }
        let layout = try MasonryLayout(arrangement: arrangement, sources: sources)
        let percent = random.int(in: 0...60)
        let even = try EvenBottom(layout, maxCropPercent: percent)
        var ends: [Int: Int] = [:]
        for (before, after) in zip(layout.tiles, even.tiles) {
            let crop = even.crops[before.index]
            #expect(crop >= 0 && crop <= before.rect.height * percent / 100 && after.rect.height == before.rect.height - crop)
            #expect(after.rect.height >= 1 && after.rect.x == before.rect.x && after.rect.width == before.rect.width)
            ends[after.lane] = max(ends[after.lane] ?? 0, after.rect.maxY + padding)
        }
        for lane in 0..<arrangement.configuration.lanes {
            let tiles = even.tiles.filter { $0.lane == lane }
            #expect(tiles.first.map { $0.rect.y == margin + padding } ?? true)
            for (upper, lower) in zip(tiles, tiles.dropFirst()) {
                #expect(lower.rect.y == upper.rect.maxY + 2 * padding)
            }
        }
        let spread = (ends.values.max() ?? 0) - (ends.values.min() ?? 0)
        #expect(spread == even.spread)
        #expect(even.sheet.height == (ends.values.max() ?? margin) + margin)
        #expect(try EvenBottom(layout, maxCropPercent: percent) == even)
    }

    @Test("Horizontal boards are refused")
    func horizontal() throws {
        let layout = try MasonryLayout(configuration: LayoutConfiguration(direction: .horizontal), sources: Self.sources)
        #expect(throws: LayoutError.evenBottomNeedsVerticalLanes) { try EvenBottom(layout, maxCropPercent: 8) }
    }
}
