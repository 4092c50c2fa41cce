import Geometry


/// Splits a long board into pages, each a complete board of its own.
///
/// Pages take the sources in input order, greedily: each page holds the longest run of
/// the remaining sources whose layout is no longer than `maxLength` (the sheet's height,
/// or its width when horizontal), and at least one source, so a single source longer
/// than the limit gets a page to itself. A layout only grows as sources are added, so
/// the run is found by doubling and then bisecting its length: O(k log k) placements for
/// a page of k sources.
public enum Pagination {
    /// The ranges of `sources` that make each page, in order.
    ///
    /// With `sectionStarts`, each page is laid out in sections too (`sections(of:in:)`), so
    /// a section that a page break cuts continues on the next page under its header again.
    ///
    /// - Throws: what `arrangement` throws for these sources (an invalid size, overflow).
    public static func pages(
        arrangement: some Arrangement, sources: [Size], sectionStarts: [Int] = [], maxLength: Int
    ) throws(LayoutError) -> [Range<Int>] {
        var pages: [Range<Int>] = []
        var start = 0
        while start < sources.count {
            let remaining = sources.count - start
            func fits(_ count: Int) throws(LayoutError) -> Bool {
                let run = start..<start + count
                let layout = try arrangement.layOut(
                    Array(sources[run]), sectionStarts: sections(of: run, in: sectionStarts).map(\.start))
                return layout.length <= maxLength
            }
            // Invariant: `fitting` sources fit (or is 1, the minimum), `failing` do not (or is past the end).
            var fitting = 1
            var failing = remaining + 1
            var probe = 2
            while probe <= remaining {
                if try fits(probe) { fitting = probe } else { failing = probe; break }
                probe *= 2
            }
            while failing - fitting > 1 {
                let middle = (fitting + failing) / 2
                if try fits(middle) { fitting = middle } else { failing = middle }
            }
            pages.append(start..<start + fitting)
            start += fitting
        }
        return pages
    }

    /// The sections of a page holding the sources `run`: for each, its first source counted
    /// from the page's start and the index of the board's section it belongs to. A page
    /// always opens a section (the one its first source is in); none when the board has none.
    public static func sections(of run: Range<Int>, in sectionStarts: [Int]) -> [(start: Int, section: Int)] {
        guard !sectionStarts.isEmpty else { return [] }
        let opening = (sectionStarts.lastIndex { $0 <= run.lowerBound }) ?? 0
        var sections = [(start: 0, section: opening)]
        for (section, start) in sectionStarts.enumerated() where start > run.lowerBound && start < run.upperBound {
            sections.append((start - run.lowerBound, section))
        }
        return sections
    }
}
