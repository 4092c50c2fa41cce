
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
        var windows: [(start: Int, weights: [Double])] = []
        windows.reserveCapacity(outputSize)
        for index in 0..<outputSize {
            if inputSize == outputSize {
                // An axis that keeps its size is copied, as Pillow skips that pass.
                windows.append((index, [1]))
            } else if filter == .nearest {
                let centre = (Double(index) + 0.5) * scale
                windows.append((min(Int(centre), inputSize - 1), [1]))
            } else {
                windows.append(
                    ResampleWeights.window(index: index, inputSize: inputSize, scale: scale, filter: filter))
            }
        }
        self.outputSize = outputSize
        self.stride = windows.map(\.weights.count).max() ?? 1
        self.starts = windows.map(\.start)
        self.counts = windows.map(\.weights.count)
        var weights = [Float](repeating: 0, count: outputSize * stride)
        for (index, window) in windows.enumerated() {
            let row = ResampleWeights.normalised(window.weights)
            for (tap, weight) in row.enumerated() {
                weights[index * stride + tap] = weight
            }
        }
        self.weights = weights
    }

    /// One destination pixel's window and its raw kernel values, as Pillow computes them.
    private static func window(
        index: Int, inputSize: Int, scale: Double, filter: ResampleFilter
    ) -> (start: Int, weights: [Double]) {
        let stretch = max(scale, 1)
        let support = filter.radius * stretch
        let centre = (Double(index) + 0.5) * scale
        // Pillow rounds the window's ends with a truncating cast; keep it, or taps move.
        let start = max(Int(centre - support + 0.5), 0)
        let end = min(Int(centre + support + 0.5), inputSize)
        var weights: [Double] = []
        weights.reserveCapacity(max(end - start, 1))
        for source in start..<max(end, start + 1) {
            weights.append(filter.weight(at: (Double(source) - centre + 0.5) / stretch))
        }
        let total = weights.reduce(0, +)
        if total == 0 {
            // Only reachable with a degenerate kernel; averaging the window keeps colours flat.
            return (start, [Double](repeating: 1, count: weights.count))
        }
        return (start, weights)
    }

    /// Divides by the sum in `Double`, rounds to `Float`, then moves what the `Float` sum
    /// misses of 1 onto the largest weight, where it changes the shape least.
    private static func normalised(_ raw: [Double]) -> [Float] {
        let total = raw.reduce(0, +)
        var weights = raw.map { Float($0 / total) }
        let sum = weights.reduce(Float(0), +)
        if sum != 1, let largest = weights.indices.max(by: { weights[$0] < weights[$1] }) {
            weights[largest] += 1 - sum
        }
        return weights
    }
}
