import Geometry

/// Balanced placement's lanes (docs/geometry.md, "Balanced columns"): each section's sources,
/// in order, split into runs, one run a lane from the left, so that the longest lane is as
/// short as it can be — the linear partition problem.
///
/// Every length is a whole number of pixels, so the shortest longest lane is found by a
/// binary search over lengths, each tried by filling the lanes in turn: a lane takes sources
/// while they fit, then the next lane goes on. Filling is enough to decide a length (a lane
/// that takes fewer sources leaves more for the lanes after it, never fewer), and at the
/// shortest length that fits it gives the split kept: each lane, from the left, as many
/// sources as fit. `O(n · log L)` for `n` sources and a lane `L` pixels long.
enum BalancedLanes {
    /// The lane of every source, in input order; each section is split on its own.
    ///
    /// - Throws: `LayoutError.invalidSource` for a source with no width or height.
    static func lanes(of sources: [Size], sectionStarts: [Int], configuration: LayoutConfiguration) throws(LayoutError) -> [Int] {
        let direction = configuration.direction
        // Lanes differ in breadth by a pixel at most, lane 0 among the narrowest.
        let narrow = configuration.tileBreadth(inLane: 0)
        let extra = configuration.labelHeight + 2 * configuration.padding
        // Each source's cell along its lane, in a narrow lane and in a wide one; a length too
        // large for an `Int` saturates, and placing the source then reports it.
        var cells: [(narrow: Int, wide: Int)] = []
        cells.reserveCapacity(sources.count)
        for (index, source) in sources.enumerated() {
            guard source.width >= 1, source.height >= 1 else { throw .invalidSource(index: index, size: source) }
            let cell = { (breadth: Int) in
                MasonryLayout.scaledLength(of: source, toBreadth: breadth, direction: direction).map { adding($0, extra) } ?? Int.max
            }
            cells.append((cell(narrow), cell(narrow + 1)))
        }
        let split = Split(cells: cells, lanes: configuration.lanes) { lane in configuration.tileBreadth(inLane: lane) == narrow }
        var lanes = [Int](repeating: 0, count: sources.count)
        let bounds = (sectionStarts.isEmpty ? [0] : sectionStarts) + [sources.count]
        for (start, end) in zip(bounds, bounds.dropFirst()) where start < end {
            _ = split.fill(start..<end, within: split.shortestLongest(start..<end), records: true, into: &lanes)
        }
        return lanes
    }

    /// `a + b`, saturating at `Int.max`.
    static func adding(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }

    /// The sources' cells and the lanes they fill.
    private struct Split {
        let cells: [(narrow: Int, wide: Int)]
        let lanes: Int
        /// Whether a lane is one of the narrow ones.
        let isNarrow: (Int) -> Bool

        /// Fills the lanes in turn with `sources`, none longer than `longest`: whether they all
        /// fit, each source's lane written into `assigned` when `records`.
        func fill(_ sources: Range<Int>, within longest: Int, records: Bool, into assigned: inout [Int]) -> Bool {
            var lane = 0
            var used = 0
            // Whether the lane is narrow takes a division to say: asked once a lane.
            var narrow = isNarrow(lane)
            for index in sources {
                var cell = narrow ? cells[index].narrow : cells[index].wide
                // A lane that cannot take the next source is done; one left empty is passed.
                while cell > longest - used {
                    lane += 1
                    used = 0
                    guard lane < lanes else { return false }
                    narrow = isNarrow(lane)
                    cell = narrow ? cells[index].narrow : cells[index].wide
                }
                used += cell
                if records { assigned[index] = lane }
            }
            return true
        }

        /// The shortest length within which `sources` fit in the lanes.
        func shortestLongest(_ sources: Range<Int>) -> Int {
            // Everything in lane 0 fits within its sum.
            var fits = sources.reduce(0) { adding($0, isNarrow(0) ? cells[$1].narrow : cells[$1].wide) }
            var failsBelow = 0
            var unused: [Int] = []
            while failsBelow < fits {
                let middle = failsBelow + (fits - failsBelow) / 2
                if fill(sources, within: middle, records: false, into: &unused) {
                    fits = middle
                } else {
                    failsBelow = middle + 1
                }
            }
            return fits
        }
    }
}
