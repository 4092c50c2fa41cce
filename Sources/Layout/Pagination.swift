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
    /// - Throws: what `MasonryLayout` throws for these sources (an invalid size, overflow).
    public static func pages(configuration: LayoutConfiguration, sources: [Size], maxLength: Int) throws(LayoutError) -> [Range<Int>] {
        var pages: [Range<Int>] = []
        var start = 0
        while start < sources.count {
            let remaining = sources.count - start
            func fits(_ count: Int) throws(LayoutError) -> Bool {
                let layout = try MasonryLayout(configuration: configuration, sources: Array(sources[start..<start + count]))
                return length(of: layout, configuration) <= maxLength
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

    private static func length(of layout: MasonryLayout, _ configuration: LayoutConfiguration) -> Int {
        configuration.direction == .vertical ? layout.sheet.height : layout.sheet.width
    }
}
