import Geometry
import Layout
import Testing

/// Layouts worked out by hand; the first is the worked example in docs/geometry.md.
@Suite struct HandComputedTests {
    /// W = 100, C = 3, p = 2, m = 5. The content is 100 − 2·5 = 90 wide, so
    /// L = 5, 5 + ⌊90/3⌋ = 35, 5 + ⌊180/3⌋ = 65, 5 + 90 = 95, and every tile is 30 − 2·2 = 26 wide.
    static let workedExampleSources = [
        Size(width: 4, height: 3),  // 26·3/4 = 19.5, half up: 20
        Size(width: 100, height: 100),  // 26
        Size(width: 1, height: 2),  // 52
        Size(width: 5, height: 1),  // 26/5 = 5.2, down: 5
        Size(width: 52, height: 1),  // 26/52 = 0.5, half up: 1
        Size(width: 1000, height: 1),  // 0.026 rounds to 0, raised to the 1 px floor
        Size(width: 2, height: 1),  // 13
        Size(width: 13, height: 5),  // 10
        Size(width: 1, height: 1),  // 26
    ]
    /// Each worked-example source's height once scaled to a 26-px lane, as worked out above.
    static let workedExampleHeights = [20, 26, 52, 5, 1, 1, 13, 10, 26]

    /// Shortest lane first. Lane ends (y₀, y₁, y₂) start at 5; a tile at end y sits at y + 2
    /// and moves its lane's end to y + h + 4.
    ///  0: ends 5 5 5, lane 0 (tie, lowest) → (7, 7) 26×20, ends 29 5 5
    ///  1: lane 1 → (37, 7) 26×26, ends 29 35 5
    ///  2: lane 2 → (67, 7) 26×52, ends 29 35 61
    ///  3: lane 0 → (7, 31) 26×5, ends 38 35 61
    ///  4: lane 1 → (37, 37) 26×1, ends 38 40 61
    ///  5: lane 0 → (7, 40) 26×1, ends 43 40 61
    ///  6: lane 1 → (37, 42) 26×13, ends 43 57 61
    ///  7: lane 0 → (7, 45) 26×10, ends 57 57 61
    ///  8: lanes 0 and 1 tie at 57, lane 0 → (7, 59) 26×26, ends 87 57 61
    /// Sheet: 100 × (87 + 5) = 100×92.
    ///
    /// The same sources round-robin: lanes 0 1 2 0 1 2 0 1 2.
    ///  0 → (7, 7) 26×20, 1 → (37, 7) 26×26, 2 → (67, 7) 26×52: ends 29 35 61
    ///  3 → (7, 31) 26×5, 4 → (37, 37) 26×1, 5 → (67, 63) 26×1: ends 38 40 66
    ///  6 → (7, 40) 26×13, 7 → (37, 42) 26×10, 8 → (67, 68) 26×26: ends 55 56 96
    /// Sheet: 100 × (96 + 5) = 100×101.
    @Test(arguments: [
        (Placement.shortest, [0, 1, 2, 0, 1, 0, 1, 0, 0], [7, 7, 7, 31, 37, 40, 42, 45, 59], 92),
        (.roundRobin, [0, 1, 2, 0, 1, 2, 0, 1, 2], [7, 7, 7, 31, 37, 63, 40, 42, 68], 101),
    ])
    func workedExample(placement: Placement, lanes: [Int], tops: [Int], sheetHeight: Int) throws {
        let layout = try MasonryLayout(
            arrangement: MasonryArrangement(breadth: 100, lanes: 3, padding: 2, margin: 5, placement: placement),
            sources: Self.workedExampleSources)
        #expect(layout.tiles == WorkedLanes.tiles(lanes: lanes, tops: tops, heights: Self.workedExampleHeights))
        #expect(layout.sheet == Size(width: 100, height: sheetHeight))
    }

    /// H = 60, 2 rows, p = 1, m = 3, horizontal: content 54, L = 3, 30, 57; tiles 25 high.
    ///  0: 50×25 → 50 wide, row 0 at x 3 → (4, 4) 50×25, ends 55 3
    ///  1: 10×20 → 12.5, half up: 13 wide, row 1 → (4, 31) 13×25, ends 55 18
    ///  2: 3×100 → 0.75, half up: 1 wide, row 1 → (19, 31) 1×25, ends 55 21
    ///  3: 1×1 → 25 wide, row 1 → (22, 31) 25×25, ends 55 48
    ///  4: 7×25 → 7 wide, row 1 → (49, 31) 7×25, ends 55 57
    ///  5: 1×1 → row 0 → (56, 4) 25×25, ends 82 57
    /// Sheet: (82 + 3) × 60 = 85×60.
    @Test func horizontal() throws {
        let layout = try MasonryLayout(
            configuration: LayoutConfiguration(direction: .horizontal, breadth: 60, lanes: 2, padding: 1, margin: 3),
            sources: [
                Size(width: 50, height: 25), Size(width: 10, height: 20), Size(width: 3, height: 100),
                Size(width: 1, height: 1), Size(width: 7, height: 25), Size(width: 1, height: 1),
            ])
        #expect(layout.tiles.map(\.rect) == [
            Rect(x: 4, y: 4, width: 50, height: 25),
            Rect(x: 4, y: 31, width: 13, height: 25),
            Rect(x: 19, y: 31, width: 1, height: 25),
            Rect(x: 22, y: 31, width: 25, height: 25),
            Rect(x: 49, y: 31, width: 7, height: 25),
            Rect(x: 56, y: 4, width: 25, height: 25),
        ])
        #expect(layout.tiles.map(\.lane) == [0, 1, 1, 1, 1, 0])
        #expect(layout.sheet == Size(width: 85, height: 60))
    }

    /// Lanes that do not divide the breadth evenly: W = 100, C = 7, no padding or margin.
    /// L = ⌊100·i/7⌋ = 0, 14, 28, 42, 57, 71, 85, 100, so lanes 3 and 6 are one pixel wider.
    /// Seven squares of 10×10 take one lane each and are as tall as they are wide.
    @Test func unevenLanes() throws {
        let layout = try MasonryLayout(
            configuration: LayoutConfiguration(breadth: 100, lanes: 7, padding: 0, margin: 0),
            sources: Array(repeating: Size(width: 10, height: 10), count: 8))
        #expect(layout.tiles.prefix(7).map(\.rect.x) == [0, 14, 28, 42, 57, 71, 85])
        #expect(layout.tiles.prefix(7).map(\.rect.width) == [14, 14, 14, 15, 14, 14, 15])
        #expect(layout.tiles.prefix(7).map(\.rect.height) == [14, 14, 14, 15, 14, 14, 15])
        // The eighth goes to the first of the shortest lanes, lane 0, under its first tile.
        #expect(layout.tiles[7] == Tile(index: 7, rect: Rect(x: 0, y: 14, width: 14, height: 14), lane: 0))
        #expect(layout.sheet == Size(width: 100, height: 28))
    }

    /// W = 101, C = 3, p = 2, m = 5: content 91, L = 5, 35, 65, 96, tiles 26, 26 and 27 wide.
    @Test func unevenLanesWithPaddingAndMargin() throws {
        let layout = try MasonryLayout(
            configuration: LayoutConfiguration(breadth: 101, lanes: 3, padding: 2, margin: 5),
            sources: Array(repeating: Size(width: 10, height: 10), count: 3))
        #expect(layout.tiles.map(\.rect) == [
            Rect(x: 7, y: 7, width: 26, height: 26),
            Rect(x: 37, y: 7, width: 26, height: 26),
            Rect(x: 67, y: 7, width: 27, height: 27),
        ])
        // Lane 2 ends at 5 + 27 + 4 = 36; plus the margin, 41.
        #expect(layout.sheet == Size(width: 101, height: 41))
    }

    /// With no sources every lane ends where it starts, at the margin: the sheet is 2m long.
    @Test(arguments: [(Direction.vertical, Size(width: 300, height: 14)), (.horizontal, Size(width: 14, height: 300))])
    func noSources(direction: Direction, sheet: Size) throws {
        let layout = try MasonryLayout(
            configuration: LayoutConfiguration(direction: direction, breadth: 300, lanes: 4, margin: 7), sources: [])
        #expect(layout.tiles.isEmpty)
        #expect(layout.sheet == sheet)
    }

    /// More lanes than sources: the sources take the first lanes, the rest stay empty.
    @Test func moreLanesThanSources() throws {
        let layout = try MasonryLayout(
            configuration: LayoutConfiguration(breadth: 1_000_000, lanes: 500_000, padding: 0, margin: 0),
            sources: [Size(width: 1, height: 3), Size(width: 1, height: 1)])
        #expect(layout.tiles == [
            Tile(index: 0, rect: Rect(x: 0, y: 0, width: 2, height: 6), lane: 0),
            Tile(index: 1, rect: Rect(x: 2, y: 0, width: 2, height: 2), lane: 1),
        ])
        #expect(layout.sheet == Size(width: 1_000_000, height: 6))
    }
}
