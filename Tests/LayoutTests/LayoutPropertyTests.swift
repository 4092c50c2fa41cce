import Geometry
import Layout
import Testing

/// The contract checked over thousands of seeded random sheets, for every direction and placement.
@Suite struct LayoutPropertyTests {
    static let casesPerCombination: UInt64 = 1000

    @Test("every tile follows the contract", arguments: Direction.allCases, Placement.allCases)
    func tilesFollowTheContract(direction: Direction, placement: Placement) throws {
        for seed in 0..<Self.casesPerCombination {
            let random = try RandomCase(seed: seed, direction: direction, placement: placement, maximumSources: 80)
            let layout = try MasonryLayout(arrangement: random.arrangement, sources: random.sources)
            checkContract(layout, random)
        }
    }

    @Test("tiles stay inside the margins and never overlap", arguments: Direction.allCases, Placement.allCases)
    func tilesStayInsideAndApart(direction: Direction, placement: Placement) throws {
        for seed in 0..<Self.casesPerCombination {
            let random = try RandomCase(seed: seed, direction: direction, placement: placement, maximumSources: 80)
            let layout = try MasonryLayout(arrangement: random.arrangement, sources: random.sources)
            let margin = random.configuration.margin
            let inside = Rect(
                x: margin, y: margin,
                width: layout.sheet.width - 2 * margin, height: layout.sheet.height - 2 * margin)
            let outside = layout.tiles.filter {
                $0.rect.x < inside.x || $0.rect.y < inside.y || $0.rect.maxX > inside.maxX || $0.rect.maxY > inside.maxY
            }
            #expect(outside.isEmpty, "\(random): tiles outside the margins: \(outside)")
            let overlaps = layout.tiles.map(\.rect).overlappingPairs
            #expect(overlaps.isEmpty, "\(random): overlapping tiles \(overlaps)")
        }
    }

    @Test("inside a lane, tiles start at margin + padding and are 2 · padding apart",
          arguments: Direction.allCases, Placement.allCases)
    func lanesAreEvenlyGapped(direction: Direction, placement: Placement) throws {
        for seed in 0..<Self.casesPerCombination {
            let random = try RandomCase(seed: seed, direction: direction, placement: placement, maximumSources: 80)
            let layout = try MasonryLayout(arrangement: random.arrangement, sources: random.sources)
            let padding = random.configuration.padding
            let margin = random.configuration.margin
            let byLane = Dictionary(grouping: layout.tiles, by: \.lane)
            for (lane, tiles) in byLane {
                let spans = tiles.map { Reference.axes(of: $0.rect, direction) }
                #expect(spans[0].along == margin + padding, "\(random): lane \(lane) starts at \(spans[0].along)")
                for (previous, next) in zip(spans, spans.dropFirst()) {
                    #expect(next.along - (previous.along + previous.length) == 2 * padding,
                            "\(random): lane \(lane) gap between \(previous) and \(next)")
                }
            }
        }
    }

    @Test("a horizontal sheet is the vertical sheet of the transposed sources, transposed",
          arguments: Placement.allCases)
    func horizontalIsTransposedVertical(placement: Placement) throws {
        for seed in 0..<Self.casesPerCombination {
            let random = try RandomCase(seed: seed, direction: .vertical, placement: placement, maximumSources: 80)
            let vertical = try MasonryLayout(arrangement: random.arrangement, sources: random.sources)
            let configuration = random.configuration
            let horizontal = try MasonryLayout(
                arrangement: MasonryArrangement(
                    direction: .horizontal, breadth: configuration.breadth, lanes: configuration.lanes,
                    padding: configuration.padding, margin: configuration.margin, placement: placement),
                sources: random.sources.map { Size(width: $0.height, height: $0.width) })
            let transposed = vertical.tiles.map {
                Tile(index: $0.index, rect: Rect(x: $0.rect.y, y: $0.rect.x, width: $0.rect.height, height: $0.rect.width), lane: $0.lane)
            }
            #expect(horizontal.tiles == transposed, "\(random)")
            #expect(horizontal.sheet == Size(width: vertical.sheet.height, height: vertical.sheet.width), "\(random)")
        }
    }

    /// Replays the placement by the contract's own rules and compares every tile and the sheet.
    private func checkContract(_ layout: MasonryLayout, _ random: RandomCase) {
        let configuration = random.configuration
        let direction = configuration.direction
        let (lanes, padding, margin) = (configuration.lanes, configuration.padding, configuration.margin)
        #expect(layout.tiles.count == random.sources.count, "\(random)")
        var ends = Array(repeating: margin, count: lanes)
        let placement = random.arrangement.settings.placement
        let balanced = placement == .balanced
            ? Reference.balancedLanes(random.sources, configuration: configuration, sectionStarts: []) : nil
        for (index, (tile, source)) in zip(layout.tiles, random.sources).enumerated() {
            let lane = balanced?[index] ?? Reference.lane(for: index, ends: ends, placement: placement)
            let laneStart = Reference.laneStart(lane, breadth: configuration.breadth, lanes: lanes, margin: margin)
            let laneEnd = Reference.laneStart(lane + 1, breadth: configuration.breadth, lanes: lanes, margin: margin)
            let (sourceBreadth, sourceLength) = Reference.extents(of: source, direction)
            let breadth = laneEnd - laneStart - 2 * padding
            let length = Reference.length(sourceBreadth: sourceBreadth, sourceLength: sourceLength, breadth: breadth)
            let expected = direction == .vertical
                ? Rect(x: laneStart + padding, y: ends[lane] + padding, width: breadth, height: length)
                : Rect(x: ends[lane] + padding, y: laneStart + padding, width: length, height: breadth)
            #expect(tile == Tile(index: index, rect: expected, lane: lane), "\(random): source \(index) \(source)")
            ends[lane] += length + 2 * padding
        }
        let length = (ends.max() ?? margin) + margin
        let expectedSheet = direction == .vertical
            ? Size(width: configuration.breadth, height: length)
            : Size(width: length, height: configuration.breadth)
        #expect(layout.sheet == expectedSheet, "\(random)")
    }
}
