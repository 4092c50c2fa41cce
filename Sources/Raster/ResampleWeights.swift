import CResample
import Synchronization

/// The taps of one axis of a resample: for each destination pixel, the first source pixel
/// it reads, how many it reads, and their weights.
///
/// They are computed once per tile and axis, the way Pillow's `precompute_coeffs` does:
/// destination pixel `i` is centred on source coordinate `(i + 0.5) * scale`, the kernel is
/// stretched by `max(scale, 1)`, and the window is rounded to whole pixels and clipped to
/// the source. Each pixel's weights are normalised and rounded to 14-bit fixed point
/// (CResample's units) adding up to exactly `CRESAMPLE_WEIGHT_ONE`, so that a flat colour
/// stays exactly that colour. The windows are found here, the weights in CResample
/// (`cresample_weights`), four destination pixels at a time in vector code: a sheet of
/// thumbnails asks for millions of them, and in Swift they were a sixth of its resampling.
///
/// A sheet of thumbnails from one camera asks for the same tables again and again, so
/// `shared` keeps the tables made, by size and filter, for every tile thread.
struct ResampleWeights: Sendable {
    /// How many destination pixels the table is for.
    let outputSize: Int
    /// The most taps any destination pixel reads.
    let taps: Int
    /// The row length of `weights`: `taps` rounded up to a multiple of 4, since the vector
    /// code reads weights four at a time.
    let stride: Int
    /// The first source pixel each destination pixel reads; never decreasing.
    let starts: [Int]
    /// How many source pixels each destination pixel reads; at least one.
    let counts: [Int]
    /// `outputSize` rows of `stride` weights, in units of 1/`CRESAMPLE_WEIGHT_ONE`, zero
    /// past each row's count.
    let weights: [Int16]

    init(inputSize: Int, outputSize: Int, filter: ResampleFilter) {
        let scale = Double(inputSize) / Double(outputSize)
        // An axis that keeps its size is copied, as Pillow skips that pass; nearest reads one pixel.
        let copies = inputSize == outputSize || filter == .nearest
        let stretch = max(scale, 1)
        let support = filter.radius * stretch
        var starts = [Int](repeating: 0, count: outputSize)
        var counts = [Int](repeating: 1, count: outputSize)
        for index in 0..<outputSize {
            if inputSize == outputSize {
                starts[index] = index
            } else if filter == .nearest {
                starts[index] = min(Int((Double(index) + 0.5) * scale), inputSize - 1)
            } else {
                let window = ResampleWeights.window(index: index, inputSize: inputSize, scale: scale, support: support)
                starts[index] = window.lowerBound
                counts[index] = window.count
            }
        }
        let taps = counts.max() ?? 1
        let stride = (taps + 3) / 4 * 4
        var weights = [Int16](repeating: 0, count: outputSize * stride)
        if copies {
            for index in 0..<outputSize { weights[index * stride] = Int16(CRESAMPLE_WEIGHT_ONE) }
        } else {
            // One scratch row of raw values for each of the four destination pixels taken at once.
            var scratch = [Double](repeating: 0, count: stride * 4)
            cresample_weights(
                filter.cresampleFilter, inputSize, outputSize, starts, counts, stride, &scratch, &weights)
        }
        self.outputSize = outputSize
        self.taps = taps
        self.stride = stride
        self.starts = starts
        self.counts = counts
        self.weights = weights
    }

    /// The table of `inputSize` to `outputSize` pixels under `filter`, made once and shared
    /// by every resampler that asks for it while it is kept.
    ///
    /// A table is kept from the second time it is asked for: in a sheet of thumbnails the
    /// tables across (one per source width, to the column's width) come back again and
    /// again, while those down (one per source height) rarely do, and keeping every table
    /// would let the ones asked for once push out the ones asked for often.
    static func shared(inputSize: Int, outputSize: Int, filter: ResampleFilter) -> ResampleWeights {
        let key = Key(inputSize: inputSize, outputSize: outputSize, filter: filter)
        if let table = cache.withLock({ $0.tables[key] }) { return table }
        let table = ResampleWeights(inputSize: inputSize, outputSize: outputSize, filter: filter)
        cache.withLock { cache in cache.keep(table, for: key) }
        return table
    }

    /// The most bytes of tables `shared` keeps, and the most keys it remembers having seen.
    static let cacheByteLimit = 4 << 20
    static let seenLimit = 4096

    /// The bytes a table holds.
    var byteCount: Int { weights.count * MemoryLayout<Int16>.stride + (starts.count + counts.count) * MemoryLayout<Int>.stride }

    /// What a table is made from.
    private struct Key: Hashable {
        let inputSize: Int
        let outputSize: Int
        let filter: ResampleFilter
    }

    /// The tables kept, and the keys asked for once.
    ///
    /// Both are bounded, and emptied when full: a folder of many sizes would otherwise grow
    /// them without end, and a table made again costs only time.
    private struct Cache {
        var tables: [Key: ResampleWeights] = [:]
        var tableBytes = 0
        var seen: Set<Key> = []

        mutating func keep(_ table: ResampleWeights, for key: Key) {
            guard tables[key] == nil else { return }
            guard seen.remove(key) != nil else {
                if seen.count >= seenLimit { seen.removeAll() }
                seen.insert(key)
                return
            }
            if tableBytes + table.byteCount > cacheByteLimit {
                tables.removeAll()
                tableBytes = 0
            }
            tables[key] = table
            tableBytes += table.byteCount
        }
    }

    private static let cache = Mutex(Cache())

    /// The table as CResample reads it, for the length of `body`.
    func withAxis<Result>(_ body: (cresample_axis) -> Result) -> Result {
        starts.withUnsafeBufferPointer { starts in
            counts.withUnsafeBufferPointer { counts in
                weights.withUnsafeBufferPointer { weights in
                    body(cresample_axis(starts: starts.baseAddress, counts: counts.baseAddress, weights: weights.baseAddress, stride: stride))
                }
            }
        }
    }

    /// The source pixels one destination pixel reads, as Pillow bounds them: never empty.
    private static func window(index: Int, inputSize: Int, scale: Double, support: Double) -> Range<Int> {
        let centre = (Double(index) + 0.5) * scale
        // Pillow rounds the window's ends with a truncating cast; keep it, or taps move.
        let start = max(Int(centre - support + 0.5), 0)
        let end = min(Int(centre + support + 0.5), inputSize)
        return start..<max(end, start + 1)
    }
}
