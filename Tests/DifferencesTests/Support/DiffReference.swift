@testable import Differences
import Geometry
import Raster

/// The diff primitives written the plain way, one pixel at a time, for the fast ones to
/// be checked against.
enum DiffReference {
    /// Each pixel's largest channel difference between rows `a` and `b`.
    static func channelDifferences(_ a: [UInt8], _ b: [UInt8]) -> [Int] {
        (0..<(a.count / 4)).map { pixel in
            (0..<4).map { abs(Int(a[4 * pixel + $0]) - Int(b[4 * pixel + $0])) }.max() ?? 0
        }
    }

    static func compare(_ a: [UInt8], _ b: [UInt8], threshold: Int) -> PixelDifference {
        let squares = zip(a, b).reduce(UInt64(0)) { sum, pair in
            let difference = UInt64(abs(Int(pair.0) - Int(pair.1)))
            return sum + difference * difference
        }
        let largest = channelDifferences(a, b)
        return PixelDifference(
            pixelCount: a.count / 4, changedPixels: largest.filter { $0 > threshold }.count,
            maxChannelDifference: largest.max() ?? 0, squaredError: squares)
    }

    /// The regions of a grid of largest channel differences (0 where unchanged), by the
    /// rule `ChangeRegions` documents: flood fills over 8-connected marked cells.
    static func regions(_ differences: [[Int]], width: Int, gap: Int) -> [ChangeRegion] {
        let height = differences.count
        let columns = (width + gap - 1) / gap
        let cellRows = (height + gap - 1) / gap
        var pixelsOfCell = [[(x: Int, y: Int, difference: Int)]](repeating: [], count: columns * cellRows)
        for y in 0..<height {
            for x in 0..<width where differences[y][x] > 0 {
                pixelsOfCell[(y / gap) * columns + x / gap].append((x, y, differences[y][x]))
            }
        }
        var seen = [Bool](repeating: false, count: columns * cellRows)
        var regions: [ChangeRegion] = []
        for start in seen.indices where !seen[start] && !pixelsOfCell[start].isEmpty {
            seen[start] = true
            var stack = [start]
            var pixels: [(x: Int, y: Int, difference: Int)] = []
            while let cell = stack.popLast() {
                pixels += pixelsOfCell[cell]
                let (row, column) = (cell / columns, cell % columns)
                for dy in -1...1 {
                    for dx in -1...1 {
                        let (r, c) = (row + dy, column + dx)
                        guard r >= 0, r < cellRows, c >= 0, c < columns else { continue }
                        let next = r * columns + c
                        if !seen[next] && !pixelsOfCell[next].isEmpty {
                            seen[next] = true
                            stack.append(next)
                        }
                    }
                }
            }
            let left = pixels.map(\.x).min() ?? 0
            let top = pixels.map(\.y).min() ?? 0
            let right = (pixels.map(\.x).max() ?? 0) + 1
            let bottom = (pixels.map(\.y).max() ?? 0) + 1
            regions.append(
                ChangeRegion(
                    bounds: Rect(x: left, y: top, width: right - left, height: bottom - top),
                    changedPixels: pixels.count, maxChannelDifference: pixels.map(\.difference).max() ?? 0))
        }
        return regions
    }

    /// Feeds a grid of largest channel differences to `ChangeRegions` as row pairs that
    /// differ by that much in one channel, compared at threshold 0.
    static func streamedRegions(_ differences: [[Int]], width: Int, gap: Int) -> [ChangeRegion] {
        var finder = ChangeRegions(width: width, gap: gap)
        var words = [UInt64](repeating: 0, count: (width + 63) / 64)
        let a = [UInt8](repeating: 0, count: width * 4)
        for (y, row) in differences.enumerated() {
            var b = a
            for x in 0..<width {
                // Spread the difference over the channels so each of them is read.
                b[4 * x + (x + y) % 4] = UInt8(row[x])
            }
            a.withUnsafeBytes { a in
                b.withUnsafeBytes { b in
                    words.withUnsafeMutableBufferPointer { words in
                        _ = PixelDifference.compare(a, b, pixels: width, threshold: 0, changes: words)
                        finder.addRow(changes: UnsafeBufferPointer(words), a, b)
                    }
                }
            }
        }
        return finder.regions()
    }
}
