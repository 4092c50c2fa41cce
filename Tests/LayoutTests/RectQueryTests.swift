import Geometry
import Layout
import Testing
import TestSupport

/// `tiles(meeting:)` against a scan of every tile, and the half-open rules it answers by.
@Suite struct RectQueryTests {
    @Test("the query equals a brute-force scan", arguments: Direction.allCases, Placement.allCases)
    func queryEqualsScan(direction: Direction, placement: Placement) throws {
        var checked = 0
        var nonEmpty = 0
        for seed in 0..<UInt64(400) {
            let random = try RandomCase(seed: seed, direction: direction, placement: placement, maximumSources: 400)
            let layout = try MasonryLayout(arrangement: random.arrangement, sources: random.sources)
            var generator = SplitMix64(seed: seed ^ 0xA5A5_A5A5)
            for _ in 0..<20 {
                let query = Self.queryRect(around: layout, using: &generator)
                let expected = layout.tiles.filter { $0.rect.intersects(query) }
                #expect(layout.tiles(meeting: query) == expected, "\(random): query \(query)")
                checked += 1
                nonEmpty += expected.isEmpty ? 0 : 1
            }
        }
        // The draw must exercise both outcomes, or the comparison above proves little.
        #expect(nonEmpty > checked / 4 && nonEmpty < checked * 9 / 10, "\(nonEmpty) of \(checked) queries found tiles")
    }

    @Test func bandsCoverEveryTileExactlyOnceInInputOrder() throws {
        let configuration = try LayoutConfiguration(breadth: 640, lanes: 5, padding: 3, margin: 8)
        var generator = SplitMix64(seed: 42)
        let sources = (0..<300).map { _ in Size(width: generator.int(in: 1...900), height: generator.int(in: 1...900)) }
        let layout = try MasonryLayout(configuration: configuration, sources: sources)
        // A compositor's walk down the sheet, 37 rows at a time; a tile appears in each band it crosses.
        var seen = Array(repeating: 0, count: sources.count)
        for top in stride(from: 0, to: layout.sheet.height, by: 37) {
            let band = Rect(x: 0, y: top, width: layout.sheet.width, height: min(37, layout.sheet.height - top))
            let found = layout.tiles(meeting: band)
            #expect(found.map(\.index) == found.map(\.index).sorted(), "band at \(top) not in input order")
            for tile in found {
                #expect(tile.rect.y < band.maxY && band.y < tile.rect.maxY, "band at \(top) returned \(tile)")
                #expect(tile.rect.y < band.y || seen[tile.index] == 0, "band at \(top) returned \(tile) again")
                seen[tile.index] += 1
            }
        }
        let expected = layout.tiles.map { ($0.rect.maxY - 1) / 37 - $0.rect.y / 37 + 1 }
        #expect(seen == expected)
    }

    @Test func wholeSheetReturnsEveryTile() throws {
        let layout = try MasonryLayout(
            configuration: LayoutConfiguration(breadth: 100, lanes: 3, padding: 2, margin: 5),
            sources: HandComputedTests.workedExampleSources)
        let sheet = Rect(x: 0, y: 0, width: layout.sheet.width, height: layout.sheet.height)
        #expect(layout.tiles(meeting: sheet) == layout.tiles)
    }

    /// Cases around the worked example's first tile, `(7, 7) 26×20`, and its lane-mates.
    @Test(arguments: [
        (Rect(x: 0, y: 0, width: 100, height: 7), [Int]()),  // the margin and padding above every tile
        (Rect(x: 0, y: 0, width: 100, height: 8), [0, 1, 2]),  // the first row of pixels of the first three
        (Rect(x: 7, y: 7, width: 26, height: 20), [0]),  // exactly tile 0
        (Rect(x: 32, y: 26, width: 1, height: 1), [0]),  // tile 0's last pixel
        (Rect(x: 33, y: 7, width: 4, height: 90), [Int]()),  // the gutter between lanes 0 and 1
        (Rect(x: 7, y: 27, width: 26, height: 4), [Int]()),  // the gap between tiles 0 and 3
        (Rect(x: 7, y: 27, width: 26, height: 5), [3]),  // ... one row more reaches tile 3
        (Rect(x: 7, y: 20, width: 0, height: 50), [Int]()),  // no width
        (Rect(x: 7, y: 20, width: 50, height: 0), [Int]()),  // no height
        (Rect(x: 20, y: 20, width: -5, height: 10), [Int]()),  // negative width
        (Rect(x: 100, y: 0, width: 50, height: 92), [Int]()),  // right of the sheet
        (Rect(x: 0, y: 92, width: 100, height: 1000), [Int]()),  // below the sheet
        (Rect(x: -1000, y: -1000, width: 1000, height: 2000), [Int]()),  // left of the sheet
        (Rect(x: -5, y: 80, width: 200, height: 1000), [8]),  // the bottom, past the sheet's edges
        (Rect(x: Int.min / 2, y: Int.min / 2, width: Int.max, height: Int.max), [0, 1, 2, 3, 4, 5, 6, 7, 8]),
        (Rect(x: 90, y: 90, width: Int.max, height: Int.max), [Int]()),  // an end past Int.max
    ])
    func handPickedQueries(query: Rect, expected: [Int]) throws {
        let layout = try MasonryLayout(
            configuration: LayoutConfiguration(breadth: 100, lanes: 3, padding: 2, margin: 5),
            sources: HandComputedTests.workedExampleSources)
        #expect(layout.tiles(meeting: query).map(\.index) == expected)
    }

    @Test func emptyLayoutMeetsNothing() throws {
        let layout = try MasonryLayout(configuration: LayoutConfiguration(margin: 4), sources: [])
        #expect(layout.tiles(meeting: Rect(x: 0, y: 0, width: 1200, height: 8)).isEmpty)
    }

    /// A query rect mostly near the sheet, its edges often on a tile's edge or one pixel off it,
    /// sometimes empty, sometimes wholly outside.
    static func queryRect(around layout: MasonryLayout, using generator: inout SplitMix64) -> Rect {
        let width = layout.sheet.width
        let height = layout.sheet.height
        func edge(_ tileEdges: (Rect) -> (Int, Int), limit: Int) -> Int {
            if !layout.tiles.isEmpty, generator.chance(1, in: 2) {
                let tile = generator.element(of: layout.tiles)
                let (low, high) = tileEdges(tile.rect)
                return (generator.chance(1, in: 2) ? low : high) + generator.int(in: -1...1)
            }
            return generator.int(in: -40...(limit + 40))
        }
        var x = [edge({ ($0.x, $0.maxX) }, limit: width), edge({ ($0.x, $0.maxX) }, limit: width)]
        var y = [edge({ ($0.y, $0.maxY) }, limit: height), edge({ ($0.y, $0.maxY) }, limit: height)]
        x.sort()
        y.sort()
        if generator.chance(1, in: 10) {
            y[1] = y[0]  // zero rows, a band of nothing
        }
        if generator.chance(1, in: 20) {
            x.reverse()  // a negative width
        }
        if generator.chance(1, in: 4) {
            // A full-breadth band, the compositor's question.
            return Rect(x: 0, y: y[0], width: width, height: y[1] - y[0])
        }
        return Rect(x: x[0], y: y[0], width: x[1] - x[0], height: y[1] - y[0])
    }
}
