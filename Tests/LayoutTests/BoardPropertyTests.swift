import Geometry
import Layout
import Testing
import TestSupport

/// The board features checked over seeded random sheets against `ReferenceBoard`.
@Suite struct BoardPropertyTests {
    static let casesPerCombination: UInt64 = 600

    @Test("every tile is where the reference board puts it", arguments: Direction.allCases, Placement.allCases)
    func tilesMatchTheReference(direction: Direction, placement: Placement) throws {
        for seed in 0..<Self.casesPerCombination {
            let (random, layout) = try RandomCase.draw(seed, direction, placement, features: .all)
            random.expectMatchesReference(layout)
        }
    }

    @Test("tiles stay inside the margins and never overlap", arguments: Direction.allCases, Placement.allCases)
    func tilesStayInsideAndApart(direction: Direction, placement: Placement) throws {
        for seed in 0..<Self.casesPerCombination {
            let (random, layout) = try RandomCase.draw(seed, direction, placement, features: .all)
            let margin = random.configuration.margin
            let inside = Rect(
                x: margin, y: margin,
                width: layout.sheet.width - 2 * margin, height: layout.sheet.height - 2 * margin)
            let reference = random.reference
            let rects = layout.tiles.map(\.rect) + reference.bands
            let outside = rects.filter {
                $0.x < inside.x || $0.y < inside.y || $0.maxX > inside.maxX || $0.maxY > inside.maxY
            }
            #expect(outside.isEmpty, "\(random): outside the margins: \(outside)")
            let overlaps = rects.overlappingPairs
            #expect(overlaps.isEmpty, "\(random): overlapping \(overlaps)")
        }
    }

    @Test("the rect query equals a brute-force scan", arguments: Direction.allCases, Placement.allCases)
    func queryEqualsScan(direction: Direction, placement: Placement) throws {
        var checked = 0
        var nonEmpty = 0
        for seed in 0..<UInt64(300) {
            let (random, layout) = try RandomCase.draw(seed, direction, placement, maximumSources: 300, features: .all)
            var generator = SplitMix64(seed: seed ^ 0x5A5A_5A5A)
            for _ in 0..<20 {
                let query = RectQueryTests.queryRect(around: layout, using: &generator)
                let expected = RectQueryScan.scanned(layout, meeting: query)
                #expect(layout.tiles(meeting: query) == expected, "\(random): query \(query)")
                checked += 1
                nonEmpty += expected.isEmpty ? 0 : 1
            }
        }
        #expect(nonEmpty > checked / 4 && nonEmpty < checked * 9 / 10, "\(nonEmpty) of \(checked) queries found tiles")
    }

    @Test("tolerance and spans: a horizontal sheet is the transposed vertical one", arguments: Placement.allCases)
    func horizontalIsTransposedVertical(placement: Placement) throws {
        for seed in 0..<Self.casesPerCombination {
            let random = try RandomCase(
                seed: seed, direction: .vertical, placement: placement, maximumSources: 80, features: [.tolerance, .spans])
            let vertical = try random.layout()
            let configuration = random.configuration
            let horizontal = try MasonryLayout(
                arrangement: MasonryArrangement(
                    direction: .horizontal, breadth: configuration.breadth, lanes: configuration.lanes,
                    padding: configuration.padding, margin: configuration.margin, placement: placement,
                    tolerance: random.arrangement.settings.tolerance, spanWide: random.arrangement.settings.spanWide,
                    spanAll: random.arrangement.settings.spanAll),
                sources: random.sources.map { Size(width: $0.height, height: $0.width) })
            let transposed = vertical.tiles.map {
                Tile(
                    index: $0.index, rect: Rect(x: $0.rect.y, y: $0.rect.x, width: $0.rect.height, height: $0.rect.width),
                    lane: $0.lane, laneCount: $0.laneCount)
            }
            #expect(horizontal.tiles == transposed, "\(random)")
            #expect(horizontal.sheet == Size(width: vertical.sheet.height, height: vertical.sheet.width), "\(random)")
        }
    }
}
