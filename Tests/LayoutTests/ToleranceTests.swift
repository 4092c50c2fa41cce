import Geometry
import Layout
import Testing

/// Flow tolerance: `shortest` takes the lowest-numbered lane within `tolerance` of the shortest.
@Suite struct ToleranceTests {
    /// The worked example (W = 100, C = 3, p = 2, m = 5: tiles 26 wide at x = 7, 37, 67) with a
    /// tolerance of 10. Ends (y₀, y₁, y₂) before each tile; the limit is min + 10; the lane is
    /// the first whose end is within it.
    ///  0: 5 5 5, limit 15 → lane 0 → (7, 7) 26×20, ends 29 5 5
    ///  1: 29 5 5, limit 15 → lane 1 → (37, 7) 26×26, ends 29 35 5
    ///  2: 29 35 5, limit 15 → lane 2 → (67, 7) 26×52, ends 29 35 61
    ///  3: 29 35 61, limit 39 → lane 0 → (7, 31) 26×5, ends 38 35 61
    ///  4: 38 35 61, limit 45 → lane 0 (38 ≤ 45; plain shortest would take lane 1) → (7, 40) 26×1, ends 43 35 61
    ///  5: 43 35 61, limit 45 → lane 0 → (7, 45) 26×1, ends 48 35 61
    ///  6: 48 35 61, limit 45 → lane 1 → (37, 37) 26×13, ends 48 52 61
    ///  7: 48 52 61, limit 58 → lane 0 → (7, 50) 26×10, ends 62 52 61
    ///  8: 62 52 61, limit 62 → lane 0 (62 ≤ 62, at the limit) → (7, 64) 26×26, ends 92 52 61
    /// Sheet: 100 × (92 + 5) = 100×97.
    @Test func workedExampleWithTolerance() throws {
        let layout = try MasonryLayout(
            arrangement: MasonryArrangement(breadth: 100, lanes: 3, padding: 2, margin: 5, tolerance: 10),
            sources: HandComputedTests.workedExampleSources)
        #expect(layout.tiles == WorkedLanes.tiles(
            lanes: [0, 1, 2, 0, 0, 0, 1, 0, 0], tops: [7, 7, 7, 31, 40, 45, 37, 50, 64],
            heights: HandComputedTests.workedExampleHeights))
        #expect(layout.sheet == Size(width: 100, height: 97))
    }

    /// A tolerance of 0 is the plain rule, and round-robin ignores any tolerance.
    @Test(arguments: [(Placement.shortest, 0), (.roundRobin, 10), (.roundRobin, LayoutConfiguration.largestSetting)])
    func noEffect(placement: Placement, tolerance: Int) throws {
        let plain = try MasonryLayout(
            arrangement: MasonryArrangement(breadth: 100, lanes: 3, padding: 2, margin: 5, placement: placement),
            sources: HandComputedTests.workedExampleSources)
        let tolerant = try MasonryLayout(
            arrangement: MasonryArrangement(
                breadth: 100, lanes: 3, padding: 2, margin: 5, placement: placement, tolerance: tolerance),
            sources: HandComputedTests.workedExampleSources)
        #expect(tolerant.tiles == plain.tiles)
        #expect(tolerant.sheet == plain.sheet)
    }

    /// A tolerance longer than any lane keeps every tile in lane 0. Lanes are 42 / 3 = 14 wide,
    /// so 1×1 sources are 10×10 tiles, each 14 below the last from y = 2; the sheet 9·14 = 126 long.
    @Test func hugeToleranceIsOneLane() throws {
        let layout = try MasonryLayout(
            arrangement: MasonryArrangement(
                breadth: 42, lanes: 3, padding: 2, margin: 0, tolerance: LayoutConfiguration.largestSetting),
            sources: Array(repeating: Size(width: 1, height: 1), count: 9))
        #expect(layout.tiles.map(\.lane) == Array(repeating: 0, count: 9))
        #expect(layout.tiles.map(\.rect.y) == (0..<9).map { 2 + 14 * $0 })
        #expect(layout.sheet == Size(width: 42, height: 126))
    }

    @Test(arguments: [-1, Int.min, LayoutConfiguration.largestSetting + 1])
    func toleranceOutOfRange(tolerance: Int) {
        #expect(throws: LayoutError.settingOutOfRange(
            .tolerance, value: tolerance, allowed: 0...LayoutConfiguration.largestSetting, direction: .vertical)) {
            try MasonryArrangement(tolerance: tolerance)
        }
    }
}
