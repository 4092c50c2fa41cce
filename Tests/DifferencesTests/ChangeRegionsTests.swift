@testable import Differences
import Geometry
import Raster
import TestSupport
import Testing

@Suite("Finding changed regions")
struct ChangeRegionsTests {
    /// A `width × height` grid of largest channel differences, `points` set to `difference`.
    static func grid(width: Int, height: Int, _ points: [(Int, Int)], difference: Int = 7) -> [[Int]] {
        var grid = [[Int]](repeating: [Int](repeating: 0, count: width), count: height)
        for (x, y) in points { grid[y][x] = difference }
        return grid
    }

    static func box(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> Rect {
        Rect(x: x, y: y, width: width, height: height)
    }

    @Test("one changed pixel is a 1×1 region")
    func singlePixel() {
        var grid = Self.grid(width: 40, height: 30, [])
        grid[17][23] = 200
        #expect(
            DiffReference.streamedRegions(grid, width: 40, gap: 16)
                == [ChangeRegion(bounds: Self.box(23, 17, 1, 1), changedPixels: 1, maxChannelDifference: 200)])
    }

    @Test("no change, no region")
    func nothing() {
        #expect(DiffReference.streamedRegions(Self.grid(width: 100, height: 50, []), width: 100, gap: 16).isEmpty)
        #expect(ChangeRegions(width: 0).regions().isEmpty)
    }

    @Test("blobs in cells that do not touch are two regions, in touching cells one")
    func blobs() {
        // Cells of 16: columns 0…15 and 32…47 do not touch; 0…15 and 16…31 do.
        let apart = DiffReference.streamedRegions(Self.grid(width: 64, height: 20, [(3, 4), (5, 6), (33, 4)]), width: 64, gap: 16)
        #expect(apart.map(\.bounds) == [Self.box(3, 4, 3, 3), Self.box(33, 4, 1, 1)])
        #expect(apart.map(\.changedPixels) == [2, 1])
        let close = DiffReference.streamedRegions(Self.grid(width: 64, height: 20, [(3, 4), (31, 5)]), width: 64, gap: 16)
        #expect(close.map(\.bounds) == [Self.box(3, 4, 29, 2)])
        // 2·gap − 1 apart and still one region: the grouping is by cells, not distance.
        let farInCells = DiffReference.streamedRegions(Self.grid(width: 64, height: 20, [(0, 0), (31, 0)]), width: 64, gap: 16)
        #expect(farInCells.count == 1)
    }

    @Test("cells touching only at a corner are one region (8-connectivity)")
    func diagonal() {
        let regions = DiffReference.streamedRegions(Self.grid(width: 40, height: 40, [(15, 15), (16, 16), (36, 36)]), width: 40, gap: 8)
        #expect(regions.map(\.bounds) == [Self.box(15, 15, 2, 2), Self.box(36, 36, 1, 1)])
    }

    @Test("a U whose arms meet only lower down is one region")
    func uShape() {
        // Two arms open as separate regions for 20 rows; the base unites them.
        var points: [(Int, Int)] = []
        for y in 0..<24 { points += [(2, y), (40, y)] }
        for x in 2...40 { points.append((x, 23)) }
        let grid = Self.grid(width: 50, height: 30, points, difference: 3)
        let regions = DiffReference.streamedRegions(grid, width: 50, gap: 4)
        #expect(regions == [ChangeRegion(bounds: Self.box(2, 0, 39, 24), changedPixels: 48 + 37, maxChannelDifference: 3)])
    }

    @Test("a W whose three arms meet at different depths is one region")
    func wShape() {
        var points: [(Int, Int)] = []
        for y in 0..<30 { points += [(0, y), (30, y), (60, y)] }
        for x in 0...30 { points.append((x, 10)) }
        for x in 30...60 { points.append((x, 29)) }
        let regions = DiffReference.streamedRegions(Self.grid(width: 61, height: 30, points), width: 61, gap: 5)
        #expect(regions.map(\.bounds) == [Self.box(0, 0, 61, 30)])
    }

    @Test("a region touching the right edge and the last row, in partial cells")
    func edges() {
        // 70 × 37 with cells of 16: the last cell column is 6 wide, the last cell row 5 high.
        let regions = DiffReference.streamedRegions(Self.grid(width: 70, height: 37, [(69, 36), (66, 33), (0, 0)]), width: 70, gap: 16)
        #expect(regions.map(\.bounds) == [Self.box(0, 0, 1, 1), Self.box(66, 33, 4, 4)])
    }

    @Test("regions come out by top row, then left column")
    func order() {
        let points = [(50, 9), (5, 9), (30, 0), (90, 40), (10, 40)]
        let regions = DiffReference.streamedRegions(Self.grid(width: 100, height: 50, points), width: 100, gap: 4)
        #expect(regions.map(\.bounds) == [(30, 0), (5, 9), (50, 9), (10, 40), (90, 40)].map { Self.box($0.0, $0.1, 1, 1) })
    }

    @Test("regions agree with a flood fill over cells on random masks")
    func matchesFloodFill() {
        var generator = SplitMix64(seed: 77)
        func key(_ region: ChangeRegion) -> [Int] {
            let bounds = region.bounds
            return [bounds.y, bounds.x, bounds.height, bounds.width, region.changedPixels, region.maxChannelDifference]
        }
        for trial in 0..<300 {
            let width = Int.random(in: 1...150, using: &generator)
            let height = Int.random(in: 1...90, using: &generator)
            let gap = [1, 2, 3, 5, 8, 16, 40, 70].randomElement(using: &generator) ?? 16
            let density = [0.0005, 0.003, 0.02, 0.1, 0.4].randomElement(using: &generator) ?? 0.01
            var grid = Self.grid(width: width, height: height, [])
            for y in 0..<height {
                for x in 0..<width where Double.random(in: 0..<1, using: &generator) < density {
                    grid[y][x] = Int.random(in: 1...255, using: &generator)
                }
            }
            let streamed = DiffReference.streamedRegions(grid, width: width, gap: gap)
            let expected = DiffReference.regions(grid, width: width, gap: gap)
            let context = "trial \(trial): \(width)x\(height), gap \(gap)"
            #expect(streamed.map(key).sorted { $0.lexicographicallyPrecedes($1) } == expected.map(key).sorted { $0.lexicographicallyPrecedes($1) }, "\(context)")
            #expect(streamed.map { [$0.bounds.y, $0.bounds.x] }.elementsEqual(streamed.map { [$0.bounds.y, $0.bounds.x] }.sorted { $0.lexicographicallyPrecedes($1) }), "\(context)")
        }
    }

    @Test("the regions so far can be asked for mid-stream and rows added after")
    func midStream() {
        let grid = Self.grid(width: 20, height: 20, [(1, 1), (1, 18)])
        var finder = ChangeRegions(width: 20, gap: 4)
        let a = [UInt8](repeating: 0, count: 80)
        var words: [UInt64] = [0]
        for (y, row) in grid.enumerated() {
            var b = a
            for x in 0..<20 { b[4 * x] = UInt8(row[x]) }
            a.withUnsafeBytes { a in
                b.withUnsafeBytes { b in
                    words.withUnsafeMutableBufferPointer { words in
                        _ = PixelDifference.compare(a, b, pixels: 20, threshold: 0, changes: words)
                        finder.addRow(changes: UnsafeBufferPointer(words), a, b)
                    }
                }
            }
            if y == 9 { #expect(finder.regions().map(\.bounds) == [Self.box(1, 1, 1, 1)]) }
        }
        #expect(finder.rowCount == 20)
        #expect(finder.regions().map(\.bounds) == [Self.box(1, 1, 1, 1), Self.box(1, 18, 1, 1)])
    }
}
