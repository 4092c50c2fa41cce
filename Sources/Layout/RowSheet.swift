import Geometry

/// A layout made of rows down a vertical sheet (justified rows, grid rows), written once
/// for both modes: the rows laid down one after another with a section's header band
/// before its first row, then the rect queries over them.
///
/// A mode says which sources share a row and where each image goes in it; the running
/// top, the header bands, the caption lines and the rows' extents are kept here.
struct RowSheet: Hashable, Sendable {
    /// Each row's sources, in order down the sheet.
    private var rowSources: [Range<Int>] = []
    /// Each row's cells along the sheet: from their top to their captions' bottom.
    private var rowExtents: [Range<Int>] = []

    /// The tiles whose image or caption shares at least one pixel with `rect`, in input order:
    /// the rows met by a binary search, then their tiles tested, O(log rows + tiles in the rows met).
    func tiles(meeting rect: Rect, in tiles: [Tile]) -> [Tile] {
        guard !rect.isEmpty else { return [] }
        var found: [Tile] = []
        var row = (0..<rowExtents.count).partitionPoint { rowExtents[$0].upperBound > rect.y }
        while row < rowExtents.count, rowExtents[row].lowerBound < rect.maxY {
            found.append(contentsOf: tiles[rowSources[row]].lazy.filter { tile in
                tile.rect.intersects(rect) || (tile.labelRect?.intersects(rect) ?? false)
            })
            row += 1
        }
        return found
    }

    /// The positions in `headers` of the section bands sharing a pixel with `rect`: the bands
    /// follow one another down the sheet, so two binary searches find them.
    static func sectionHeaders(meeting rect: Rect, headers: [Rect], configuration: LayoutConfiguration) -> Range<Int> {
        let margin = configuration.margin
        guard configuration.sectionHeaderHeight > 0, !rect.isEmpty,
            margin < rect.maxX, rect.x < configuration.breadth - margin
        else { return 0..<0 }
        let all = 0..<headers.count
        let first = all.partitionPoint { headers[$0].maxY > rect.y }
        let last = (first..<all.upperBound).partitionPoint { headers[$0].y >= rect.maxY }
        return first..<last
    }

    /// Lays rows down the sheet from below the title: `startRow(at:)`, a `place` for each
    /// of the row's images, `endRow`, and `finish()` once every row is down.
    struct Builder {
        let configuration: LayoutConfiguration
        let sources: [Size]
        let sectionStarts: [Int]
        /// Where the next row (or header band) begins down the sheet.
        private var top: Int
        private var tiles: [Tile] = []
        private var headers: [Rect] = []
        private var rows = RowSheet()

        /// - Throws: the section errors of `MasonryLayout.init` for section starts that do
        ///   not divide the sources into non-empty runs.
        init(configuration: LayoutConfiguration, sources: [Size], sectionStarts: [Int]) throws(LayoutError) {
            try MasonryLayout.check(sectionStarts: sectionStarts, sourceCount: sources.count)
            self.configuration = configuration
            self.sources = sources
            self.sectionStarts = sectionStarts
            top = configuration.margin + configuration.titleHeight
            tiles.reserveCapacity(sources.count)
        }

        /// The top of the current row's images: below the row's padding.
        var imageTop: Int { top + configuration.padding }

        /// Begins the row whose first source is `first`, under a header band when a section
        /// starts there.
        mutating func startRow(at first: Int) throws(LayoutError) {
            guard headers.count < sectionStarts.count, sectionStarts[headers.count] == first else { return }
            let margin = configuration.margin
            headers.append(Rect(x: margin, y: top, width: configuration.breadth - 2 * margin, height: configuration.sectionHeaderHeight))
            top = try SheetLength.adding(configuration.sectionHeaderHeight, to: top, source: first, sources)
        }

        /// Places source `index`'s image at `rect`, its caption under `box` (the image
        /// itself, or the grid cell around it).
        mutating func place(_ index: Int, rect: Rect, lane: Int, captionUnder box: Rect) {
            tiles.append(Tile(index: index, rect: rect, lane: lane, labelRect: configuration.labelRect(under: box)))
        }

        /// Ends the row of `row`'s sources, whose images (or cells) are `height` high: the
        /// next row begins below their captions and the padding on both sides.
        mutating func endRow(_ row: Range<Int>, height: Int) throws(LayoutError) {
            let pitch = height + configuration.labelHeight + 2 * configuration.padding
            rows.rowSources.append(row)
            rows.rowExtents.append(imageTop..<top + pitch - configuration.padding)
            top = try SheetLength.adding(pitch, to: top, source: row.lowerBound, sources)
        }

        /// The placed sheet, the bottom margin below the last row, and the rows to query.
        ///
        /// - Throws: `LayoutError.sheetTooLong` when the margin does not fit in an `Int`.
        func finish() throws(LayoutError) -> (placed: PlacedSheet, rows: RowSheet) {
            let height = try SheetLength.adding(configuration.margin, to: top, source: sources.count - 1, sources)
            let placed = PlacedSheet(
                configuration: configuration, sources: sources, tiles: tiles,
                sheet: Size(width: configuration.breadth, height: height),
                sectionStarts: sectionStarts, sectionHeaders: headers)
            return (placed, rows)
        }
    }
}
