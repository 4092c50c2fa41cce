/// The optimal row breaks found the slow way: every way of breaking each section into rows,
/// costed by the rules of docs/geometry.md ("Optimal row breaks") written again here, the
/// cheapest kept. What `RowBreaks.optimal` is held against on boards of up to 14 images.
struct BreaksReference {
    /// The row's width inside the container padding, `R`.
    var width: Int
    /// The gap between images, `2p`.
    var spacing: Int
    var target: Double
    var tolerance: Double

    /// Makeshift rows, then badness in units of 2⁻³², compared in that order.
    typealias Cost = (makeshift: Int, badness: Int)

    /// The rows of the cheapest breaks, as ranges of sources; on a tie, the breaks whose last
    /// row starts later, then the row before it, and so on.
    func bestRows(_ ratios: [Double], sectionStarts: [Int]) -> [Range<Int>] {
        sections(ratios.count, sectionStarts).flatMap { section -> [Range<Int>] in
            var best: (cost: Cost, rows: [Range<Int>])?
            let count = section.count
            for mask in 0..<(1 << (count - 1)) {
                var rows: [Range<Int>] = []
                var first = section.lowerBound
                for position in 1..<count + 1 where position == count || mask & (1 << (position - 1)) != 0 {
                    rows.append(first..<section.lowerBound + position)
                    first = section.lowerBound + position
                }
                guard let cost = sectionCost(rows, ratios, section: section) else { continue }
                if let current = best {
                    let better = cost < current.cost
                        || (cost == current.cost && rows.map(\.lowerBound).reversed().lexicographicallyPrecedes(
                            current.rows.map(\.lowerBound).reversed(), by: >))
                    if better { best = (cost, rows) }
                } else {
                    best = (cost, rows)
                }
            }
            return best?.rows ?? []
        }
    }

    /// The cost of breaking the sources into `rows`; nil when a row is not allowed.
    func cost(of rows: [Range<Int>], _ ratios: [Double], sectionStarts: [Int]) -> Cost? {
        var total: Cost = (0, 0)
        for section in sections(ratios.count, sectionStarts) {
            guard let cost = sectionCost(rows.filter { section.contains($0.lowerBound) }, ratios, section: section) else { return nil }
            total = (total.makeshift + cost.makeshift, total.badness + cost.badness)
        }
        return total
    }

    private func sections(_ count: Int, _ sectionStarts: [Int]) -> [Range<Int>] {
        let bounds = (sectionStarts.isEmpty ? [0] : sectionStarts) + [count]
        return zip(bounds, bounds.dropFirst()).map { $0..<$1 }
    }

    /// A section's rows' cost, each row's sum of ratios a difference of the section's running sums.
    private func sectionCost(_ rows: [Range<Int>], _ ratios: [Double], section: Range<Int>) -> Cost? {
        var prefix = [0.0]
        for index in section { prefix.append(prefix[prefix.count - 1] + ratios[index]) }
        let lowest = target * max(1 - tolerance, 0.5)
        let highest = target * min(1 + tolerance, 2)
        var total: Cost = (0, 0)
        for row in rows {
            let images = row.count
            let rowWidth = width - (images - 1) * spacing
            guard rowWidth >= images else { return nil }
            let height = Double(rowWidth) / (prefix[row.upperBound - section.lowerBound] - prefix[row.lowerBound - section.lowerBound])
            let stray = height * (1 / target) - 1
            let badness = Int(min(stray * stray, 256) * 0x1p32 + 0.5)
            if height > highest {
                if row.upperBound != section.upperBound { total = (total.makeshift + 1, total.badness + badness) }
            } else if height < lowest {
                guard images == 1 else { return nil }
                total = (total.makeshift + 1, total.badness + badness)
            } else {
                total.badness += badness
            }
        }
        return total
    }
}
