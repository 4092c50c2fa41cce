/// Row breaks chosen over a whole section at once, as Knuth and Plass break a paragraph into
/// lines: a shortest path over the breakpoints (docs/geometry.md, "Optimal row breaks").
///
/// A full row of `n` images with aspect ratios summing to `A` has the height `h = Rₙ / A`
/// that fills the width, and costs its badness `((h − t) / t)²`. A row may be:
///
/// - **within the tolerance**, `t · max(1 − τ, ½) ≤ h ≤ t · min(1 + τ, 2)`: it costs its badness;
/// - **a widow row**, the section's last row when its images are too few to reach the
///   tolerance (`h` above it): it costs nothing and is laid out as `WidowStyle` says;
/// - **a makeshift row**, only where no breaks keep every row within the tolerance: too few
///   images (`h` above the tolerance) anywhere else, or one image too wide for any row.
///
/// The breaks taken have the fewest makeshift rows, then the least total badness (each row's
/// rounded to `2⁻³²`, so the totals are whole numbers and compare exactly); on a tie, the
/// later break before the last row, and so on back to the first. No row of two or more
/// images shorter than the tolerance (nor one whose spacing leaves less than a pixel per
/// image) is ever taken, so looking back from a break stops at the widest row that is not,
/// a start that only moves forward: the cost is `O(n · k)` for `n` images and at most `k`
/// in such a row. Rows too tall are looked at only while no path without makeshift rows
/// has been found.
enum OptimalBreaks {
    /// The rows of every section, in order, each section broken on its own; with `maxRows`,
    /// the first that many over all sections (the sources after them get none).
    static func rows(
        aspectRatios: [Double], sectionStarts: [Int], settings: JustifiedRow.Settings, maxRows: Int?
    ) -> [JustifiedRow] {
        var rows: [JustifiedRow] = []
        let limit = maxRows ?? Int.max
        let bounds = (sectionStarts.isEmpty ? [0] : sectionStarts) + [aspectRatios.count]
        for (start, end) in zip(bounds, bounds.dropFirst()) where rows.count < limit {
            rows += self.rows(aspectRatios: aspectRatios, section: start..<end, settings: settings).prefix(limit - rows.count)
        }
        return rows
    }

    /// The rows of the section `section` of `aspectRatios`, in order.
    static func rows(aspectRatios: [Double], section: Range<Int>, settings: JustifiedRow.Settings) -> [JustifiedRow] {
        let count = section.count
        guard count > 0 else { return [] }
        let target = Double(settings.target)
        let lowest = target * max(1 - settings.tolerance, 0.5)
        let highest = target * min(1 + settings.tolerance, 2)
        // `prefix[i]` sums the section's first `i` aspect ratios: a row's sum is a difference.
        var prefix = [0.0]
        prefix.reserveCapacity(count + 1)
        for index in section { prefix.append(prefix[prefix.count - 1] + aspectRatios[index]) }

        // The cheapest path to each break, as its two parts, and where its last row starts.
        var makeshift = [Int](repeating: 0, count: count + 1)
        var badness = [Int](repeating: 0, count: count + 1)
        var start = [Int](repeating: 0, count: count + 1)
        let inverseTarget = 1 / target
        // The first row start allowed before `end`: a row too short or too crowded stays so as
        // it gains images, so it only moves on as `end` does.
        var reach = 0
        for end in 1...count {
            while reach < end - 1, !Self.allows(first: reach, end: end, prefix: prefix, settings: settings, lowest: lowest) {
                reach += 1
            }
            var bestMakeshift = Int.max
            var bestBadness = Int.max
            var bestStart = end - 1
            var rowWidth = settings.width - (end - reach - 1) * settings.spacing
            // Fewest images first: a tie goes to the later start, the one found last.
            for first in reach..<end {
                defer { rowWidth += settings.spacing }
                let height = Double(rowWidth) / (prefix[end] - prefix[first])
                var rowMakeshift = height < lowest ? 1 : 0
                var widow = false
                if height > highest {
                    // Taller still with every image fewer: a widow row, or makeshift rows only.
                    widow = end == count
                    if !widow {
                        if bestMakeshift == 0 { break }
                        rowMakeshift = 1
                    }
                }
                let pathMakeshift = makeshift[first] + rowMakeshift
                guard pathMakeshift <= bestMakeshift else { continue }
                let rowBadness = widow ? 0 : Self.badness(height, inverseTarget: inverseTarget)
                let (sum, overflow) = badness[first].addingReportingOverflow(rowBadness)
                let pathBadness = overflow ? Int.max : sum
                if pathMakeshift < bestMakeshift || pathBadness <= bestBadness {
                    (bestMakeshift, bestBadness, bestStart) = (pathMakeshift, pathBadness, first)
                }
            }
            (makeshift[end], badness[end], start[end]) = (bestMakeshift, bestBadness, bestStart)
        }

        var breaks: [Int] = []
        var end = count
        while end > 0 {
            breaks.append(end)
            end = start[end]
        }
        var rows: [JustifiedRow] = []
        rows.reserveCapacity(breaks.count)
        var first = 0
        for end in breaks.reversed() {
            let images = end - first
            let rowWidth = Double(settings.width - (images - 1) * settings.spacing)
            let height = rowWidth / (prefix[end] - prefix[first])
            let sources = section.lowerBound + first..<section.lowerBound + end
            if end == count, height > highest {
                rows.append(JustifiedRow(sources: sources, height: rows.last?.height ?? target, fills: false))
            } else {
                // Clamped as justified-layout clamps its edge cases; only a makeshift row can be.
                rows.append(JustifiedRow(sources: sources, height: max(0.5 * target, min(height, 2 * target)), fills: true))
            }
            first = end
        }
        return rows
    }

    /// Whether the row of the section's images `first..<end` may be taken: its spacing leaves a
    /// pixel per image, and it is not shorter than `lowest`, unless it is one image.
    private static func allows(
        first: Int, end: Int, prefix: [Double], settings: JustifiedRow.Settings, lowest: Double
    ) -> Bool {
        let images = end - first
        let rowWidth = settings.width - (images - 1) * settings.spacing
        guard rowWidth >= images else { return false }
        return images == 1 || Double(rowWidth) / (prefix[end] - prefix[first]) >= lowest
    }

    /// `((h − t) / t)²`, at most 256, in units of `2⁻³²`: with `s = h · (1/t) − 1`, `⌊s² · 2³² + ½⌋`,
    /// the truncation rounding it (`rounded()` is a call into libm, a fifth of the search's time).
    static func badness(_ height: Double, inverseTarget: Double) -> Int {
        let stray = height * inverseTarget - 1
        return Int(min(stray * stray, 256) * 0x1p32 + 0.5)
    }
}
