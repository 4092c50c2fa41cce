
/// The taps of one axis of a resample: for each destination pixel, the first source pixel
/// it reads, how many it reads, and their weights.
///
/// They are computed once per tile and axis, the way Pillow's `precompute_coeffs` does:
/// destination pixel `i` is centred on source coordinate `(i + 0.5) * scale`, the kernel is
/// stretched by `max(scale, 1)`, and the window is rounded to whole pixels and clipped to
/// the source. Each pixel's weights are normalised to add up to 1 in `Float`, so that a flat
/// colour stays that colour.
struct ResampleWeights: Sendable {
    /// How many destination pixels the table is for.
    let outputSize: Int
    /// The row length of `weights`: the most taps any destination pixel reads.
    let stride: Int
    /// The first source pixel each destination pixel reads; never decreasing.
    let starts: [Int]
    /// How many source pixels each destination pixel reads; at least one.
    let counts: [Int]
    /// `outputSize` rows of `stride` weights, zero past each row's count.
    let weights: [Float]

    init(inputSize: Int, outputSize: Int, filter: ResampleFilter) {
        let scale = Double(inputSize) / Double(outputSize)
        // Every window's raw values end to end, so a tile's table costs a few allocations,
        // not two per destination pixel: an array per window was 3.7% of a level-1 W2 sheet's
        // perf samples.
        var raw: [Double] = []
        var starts: [Int] = []
        var counts: [Int] = []
        starts.reserveCapacity(outputSize)
        counts.reserveCapacity(outputSize)
        for index in 0..<outputSize {
            let before = raw.count
            if inputSize == outputSize {
                // An axis that keeps its size is copied, as Pillow skips that pass.
                starts.append(index)
                raw.append(1)
            } else if filter == .nearest {
                let centre = (Double(index) + 0.5) * scale
                starts.append(min(Int(centre), inputSize - 1))
                raw.append(1)
            } else {
                starts.append(
                    ResampleWeights.window(index: index, inputSize: inputSize, scale: scale, filter: filter, into: &raw))
            }
            counts.append(raw.count - before)
        }
        let stride = counts.max() ?? 1
        var weights = [Float](repeating: 0, count: outputSize * stride)
        raw.withUnsafeBufferPointer { raw in
            weights.withUnsafeMutableBufferPointer { weights in
                var offset = 0
                for (index, count) in counts.enumerated() {
                    ResampleWeights.normalise(
                        UnsafeBufferPointer(rebasing: raw[offset..<offset + count]),
                        into: UnsafeMutableBufferPointer(rebasing: weights[index * stride..<index * stride + count]))
                    offset += count
                }
            }
        }
        self.outputSize = outputSize
        self.stride = stride
        self.starts = starts
        self.counts = counts
        self.weights = weights
    }

    /// One destination pixel's window, as Pillow computes it: appends its raw kernel values
    /// to `raw` and returns its first source pixel.
    private static func window(
        index: Int, inputSize: Int, scale: Double, filter: ResampleFilter, into raw: inout [Double]
    ) -> Int {
        let stretch = max(scale, 1)
        let support = filter.radius * stretch
        let centre = (Double(index) + 0.5) * scale
        // Pillow rounds the window's ends with a truncating cast; keep it, or taps move.
        let start = max(Int(centre - support + 0.5), 0)
        let end = min(Int(centre + support + 0.5), inputSize)
        let first = raw.count
        var total = 0.0
        for source in start..<max(end, start + 1) {
            let weight = filter.weight(at: (Double(source) - centre + 0.5) / stretch)
            raw.append(weight)
            total += weight
        }
        if total == 0 {
            // Only reachable with a degenerate kernel; averaging the window keeps colours flat.
            for tap in first..<raw.count { raw[tap] = 1 }
        }
        return start
    }

    /// Divides by the sum in `Double`, rounds to `Float`, then moves what the `Float` sum
    /// misses of 1 onto the largest weight (the first of equals), where it changes the shape least.
    private static func normalise(_ raw: UnsafeBufferPointer<Double>, into weights: UnsafeMutableBufferPointer<Float>) {
        var total = 0.0
        for value in raw { total += value }
        var sum: Float = 0
        var largest = 0
        for tap in raw.indices {
            weights[tap] = Float(raw[tap] / total)
            sum += weights[tap]
            if weights[tap] > weights[largest] { largest = tap }
        }
        if sum != 1, !raw.isEmpty {
            weights[largest] += 1 - sum
        }
    }
}
