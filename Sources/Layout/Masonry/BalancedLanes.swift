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
        let split = Split(cells: cells, lanes: configuration.lanes, content: configuration.breadth - 2 * configuration.margin)
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
    ///
    /// Lane `i` spans `⌊(i + 1) · c / C⌋ − ⌊i · c / C⌋` of the content `c`: `q = ⌊c / C⌋`, or
    /// `q + 1` (a wide lane) where `⌊i · r / C⌋` steps up, `r = c mod C`. So the wide lanes
    /// before lane `i` number `⌊i · r / C⌋`, and the next lane of either kind is a formula:
    /// a source too long for the lanes of one kind passes straight to the next of the other,
    /// however many lanes the sheet has.
    private struct Split {
        let cells: [(narrow: Int, wide: Int)]
        /// `C`.
        let lanes: Int
        /// `r`: how many lanes are wide.
        let wideLanes: Int

        init(cells: [(narrow: Int, wide: Int)], lanes: Int, content: Int) {
            self.cells = cells
            self.lanes = lanes
            wideLanes = content % lanes
        }

        /// The wide lanes among lanes `0 ..< end`; `end ≤ C`, so the product is below `2⁶²`.
        private func wide(before end: Int) -> Int {
            end * wideLanes / lanes
        }

        func isWide(_ lane: Int) -> Bool {
            wide(before: lane + 1) > wide(before: lane)
        }

        /// The first lane after `lane` that is wide (or narrow); nil when none is.
        func next(after lane: Int, wide: Bool) -> Int? {
            let found: Int
            if wide {
                // The `k`-th wide lane (from 0) is the least `i` with `⌊(i + 1) · r / C⌋ = k + 1`.
                guard wideLanes > 0 else { return nil }
                let k = self.wide(before: lane + 1)
                found = ((k + 1) * lanes + wideLanes - 1) / wideLanes - 1
            } else {
                // Lanes `0 ..< i` hold `⌈i · (C − r) / C⌉` narrow ones: the `k`-th is `⌊k · C / (C − r)⌋`.
                let k = lane + 1 - self.wide(before: lane + 1)
                found = k * lanes / (lanes - wideLanes)
            }
            return found < lanes ? found : nil
        }

        /// Fills the lanes in turn with `sources`, none longer than `longest`: whether they all
        /// fit, each source's lane written into `assigned` when `records`.
        func fill(_ sources: Range<Int>, within longest: Int, records: Bool, into assigned: inout [Int]) -> Bool {
            var lane = 0
            var used = 0
            var wide = isWide(lane)
            for index in sources {
                let cell = cells[index]
                if (wide ? cell.wide : cell.narrow) > longest - used {
                    // The lane is done; the source opens the next lane that can take it.
                    guard lane + 1 < lanes else { return false }
                    lane += 1
                    used = 0
                    wide = isWide(lane)
                    if (wide ? cell.wide : cell.narrow) > longest {
                        guard (wide ? cell.narrow : cell.wide) <= longest, let other = next(after: lane, wide: !wide) else {
                            return false
                        }
                        (lane, wide) = (other, !wide)
                    }
                }
                used += wide ? cell.wide : cell.narrow
                if records { assigned[index] = lane }
            }
            return true
        }

        /// The shortest length within which `sources` fit in the lanes.
        func shortestLongest(_ sources: Range<Int>) -> Int {
            // Everything in lane 0 fits within its sum.
            let first = isWide(0)
            var fits = sources.reduce(0) { adding($0, first ? cells[$1].wide : cells[$1].narrow) }
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
