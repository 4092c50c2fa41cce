import Geometry
import Layout
import Testing
import TestSupport

/// Sections over seeded random boards, every other board feature on as well.
@Suite struct SectionPropertyTests {
    static let cases: UInt64 = 500

    /// A case with every board feature and sections, and its board.
    static func draw(_ seed: UInt64, _ direction: Direction, _ placement: Placement, maximumSources: Int = 80) throws
        -> (RandomCase, MasonryLayout)
    {
        try RandomCase.draw(seed, direction, placement, maximumSources: maximumSources, features: BoardFeatures.all.union(.sections))
    }

    @Test("tiles and headers are where the reference board puts them", arguments: Direction.allCases, Placement.allCases)
    func matchesTheReference(direction: Direction, placement: Placement) throws {
        for seed in 0..<Self.cases {
            let (random, layout) = try Self.draw(seed, direction, placement)
            random.expectMatchesReference(layout)
        }
    }

    /// Nothing overlaps; section k's cells lie between header k and header k + 1; and a cell
    /// that is the first in a section in each of its lanes starts right under the header.
    @Test("sections keep their tiles between their headers", arguments: Direction.allCases, Placement.allCases)
    func tilesStayInTheirSections(direction: Direction, placement: Placement) throws {
        for seed in 0..<Self.cases {
            let (random, layout) = try Self.draw(seed, direction, placement)
            let configuration = random.configuration
            let padding = configuration.padding
            let reference = ReferenceBoard(
                arrangement: random.arrangement, sources: random.sources, sectionStarts: random.sectionStarts)
            let rects = layout.tiles.map(\.rect) + reference.bands + layout.sectionHeaders
            let overlaps = rects.overlappingPairs
            #expect(overlaps.isEmpty, "\(random): overlapping \(overlaps)")
            #expect(layout.sectionHeaders.count == random.sectionStarts.count, "\(random)")
            let bounds = random.sectionStarts + [random.sources.count]
            for (section, header) in layout.sectionHeaders.enumerated() {
                let headerAlong = Reference.axes(of: header, direction)
                let below = headerAlong.along + headerAlong.length
                let next = section + 1 < layout.sectionHeaders.count
                    ? Reference.axes(of: layout.sectionHeaders[section + 1], direction).along : layout.sheet.height
                var laneSeen = Array(repeating: false, count: configuration.lanes)
                for tile in layout.tiles[bounds[section]..<bounds[section + 1]] {
                    let cell = Reference.axes(of: tile.labelRect.map { Rect(x: tile.rect.x, y: tile.rect.y, width: tile.rect.width, height: tile.rect.height + $0.height) } ?? tile.rect, direction)
                    #expect(cell.along - padding >= below, "\(random): tile \(tile.index) above header \(section)")
                    if section + 1 < layout.sectionHeaders.count {
                        #expect(cell.along + cell.length + padding <= next, "\(random): tile \(tile.index) past header \(section + 1)")
                    }
                    let lanes = tile.lane..<(tile.lane + tile.laneCount)
                    if lanes.allSatisfy({ !laneSeen[$0] }) {
                        // A tile first in all of its lanes starts right under the header: every lane was levelled.
                        #expect(cell.along == below + padding, "\(random): tile \(tile.index) not level under header \(section)")
                    }
                    for lane in lanes { laneSeen[lane] = true }
                }
            }
        }
    }

    @Test("the rect queries equal brute-force scans", arguments: Direction.allCases, Placement.allCases)
    func queriesEqualScans(direction: Direction, placement: Placement) throws {
        var headersFound = 0
        for seed in 0..<UInt64(300) {
            let (random, layout) = try Self.draw(seed, direction, placement, maximumSources: 300)
            var generator = SplitMix64(seed: seed ^ 0x3C3C_3C3C)
            for _ in 0..<20 {
                let query = RectQueryTests.queryRect(around: layout, using: &generator)
                let expected = RectQueryScan.scanned(layout, meeting: query)
                #expect(layout.tiles(meeting: query) == expected, "\(random): query \(query)")
                let headers = layout.sectionHeaders.indices.filter { layout.sectionHeaders[$0].intersects(query) }
                #expect(Array(layout.sectionHeaders(meeting: query)) == headers, "\(random): query \(query)")
                headersFound += headers.count
            }
        }
        if direction == .vertical {
            #expect(headersFound > 100, "only \(headersFound) headers met")
        }
    }

    /// With header height 0 (the only one a horizontal sheet takes), sections transpose too.
    @Test("a horizontal sheet with sections is the transposed vertical one", arguments: Placement.allCases)
    func horizontalIsTransposedVertical(placement: Placement) throws {
        for seed in 0..<Self.cases {
            let random = try RandomCase(
                seed: seed, direction: .horizontal, placement: placement, maximumSources: 80,
                features: [.tolerance, .spans, .sections])
            let configuration = random.configuration
            let horizontal = try MasonryLayout(
                arrangement: random.arrangement, sources: random.sources, sectionStarts: random.sectionStarts)
            let vertical = try MasonryLayout(
                arrangement: MasonryArrangement(
                    direction: .vertical, breadth: configuration.breadth, lanes: configuration.lanes,
                    padding: configuration.padding, margin: configuration.margin, placement: placement,
                    tolerance: random.arrangement.settings.tolerance, spanWide: random.arrangement.settings.spanWide,
                    spanAll: random.arrangement.settings.spanAll),
                sources: random.sources.map { Size(width: $0.height, height: $0.width) }, sectionStarts: random.sectionStarts)
            let transpose = { (rect: Rect) in Rect(x: rect.y, y: rect.x, width: rect.height, height: rect.width) }
            #expect(horizontal.tiles.map(\.rect) == vertical.tiles.map { transpose($0.rect) }, "\(random)")
            #expect(horizontal.sectionHeaders == vertical.sectionHeaders.map(transpose), "\(random)")
        }
    }
}
