import Geometry

/// A sheet of justified rows (see `JustifiedArrangement`), computed once when it is made.
///
/// Each tile's `lane` is the row it is in, counted from 0 at the top over the whole sheet;
/// `laneCount` is 1. The rows are kept in order down the sheet, which lets
/// `tiles(meeting:)` find a band's rows by binary search.
///
/// ```swift
/// let config = try LayoutConfiguration(breadth: 1000, padding: 5, margin: 5)
/// let rows = try JustifiedArrangement(configuration: config, rowHeight: 250)
/// let sizes = [Size(width: 100, height: 100), Size(width: 400, height: 100), Size(width: 110, height: 100)]
/// let layout = try JustifiedLayout(arrangement: rows, sources: sizes)
/// // every tile 194 px high, as in justified-layout's own test of aspect ratios 1, 4 and 1.1
/// ```
public struct JustifiedLayout: SheetLayout, Hashable {
    /// The settings shared with masonry: width, padding, margin, bands.
    public var configuration: LayoutConfiguration { arrangement.configuration }
    /// The row settings the layout was made with.
    public let arrangement: JustifiedArrangement
    /// The sources' sizes, in input order.
    public let sources: [Size]
    /// One tile per source, in input order: `tiles[i].index == i`.
    public let tiles: [Tile]
    /// The whole sheet, margins included.
    public let sheet: Size
    /// The band for the sheet's title, `(m, m) (W − 2m)×titleHeight`; nil without a title.
    public let titleRect: Rect?
    /// Each section's first source, increasing from 0; empty when the layout has no sections.
    public let sectionStarts: [Int]
    /// Each section's header band, `(m, Y) (W − 2m)×sectionHeaderHeight`, `Y` where the rows
    /// before it end (their bottom padding included).
    public let sectionHeaders: [Rect]
    /// Each row's sources, in order down the sheet.
    private let rowSources: [Range<Int>]
    /// Each row's cells along the sheet: from its images' top to its captions' bottom.
    private let rowExtents: [Range<Int>]

    /// Places every source in rows (docs/geometry.md, "Justified rows"); `maxRows` is not
    /// applied here (see `JustifiedArrangement.placeable`), so every source gets a tile.
    ///
    /// - Throws: `LayoutError.invalidSource` for a source with no width or height,
    ///   `.rowTooCrowded` for a row whose spacing leaves less than a pixel per image,
    ///   `.sheetTooLong` when the sheet's height would not fit in an `Int`, and the section
    ///   errors of `MasonryLayout.init` for section starts that are not non-empty runs.
    public init(arrangement: JustifiedArrangement, sources: [Size], sectionStarts: [Int] = []) throws(LayoutError) {
        try MasonryLayout.check(sectionStarts: sectionStarts, sourceCount: sources.count)
        let configuration = arrangement.configuration
        let settings = arrangement.rowSettings
        let ratios = try JustifiedArrangement.aspectRatios(of: sources)
        let rows = JustifiedRow.rows(aspectRatios: ratios, sectionStarts: sectionStarts, settings: settings, maxRows: nil)
        let margin = configuration.margin
        let padding = configuration.padding
        let labelHeight = configuration.labelHeight
        let headerHeight = configuration.sectionHeaderHeight
        let contentWidth = configuration.breadth - 2 * margin

        var tiles: [Tile] = []
        tiles.reserveCapacity(sources.count)
        var headers: [Rect] = []
        var rowExtents: [Range<Int>] = []
        var top = margin + configuration.titleHeight
        for (number, row) in rows.enumerated() {
            if headers.count < sectionStarts.count, sectionStarts[headers.count] == row.sources.lowerBound {
                headers.append(Rect(x: margin, y: top, width: contentWidth, height: headerHeight))
                top = try SheetLength.adding(headerHeight, to: top, source: row.sources.lowerBound, sources)
            }
            let widths = try Self.widths(of: row, ratios: ratios, settings: settings, widows: arrangement.widows)
            let height = max(1, Int(row.height.rounded()))
            var x = margin + padding + widths.offset
            for (index, width) in zip(row.sources, widths.widths) {
                let rect = Rect(x: x, y: top + padding, width: width, height: height)
                let labelRect = labelHeight == 0 ? nil : Rect(x: x, y: rect.maxY, width: width, height: labelHeight)
                tiles.append(Tile(index: index, rect: rect, lane: number, labelRect: labelRect))
                x += width + settings.spacing
            }
            let cellTop = top + padding
            top = try SheetLength.adding(height + labelHeight + 2 * padding, to: top, source: row.sources.lowerBound, sources)
            rowExtents.append(cellTop..<top - padding)
        }

        self.arrangement = arrangement
        self.sources = sources
        self.tiles = tiles
        self.sheet = Size(width: configuration.breadth, height: try SheetLength.adding(margin, to: top, source: sources.count - 1, sources))
        self.titleRect = configuration.titleHeight == 0
            ? nil : Rect(x: margin, y: margin, width: contentWidth, height: configuration.titleHeight)
        self.sectionStarts = sectionStarts
        self.sectionHeaders = headers
        self.rowSources = rows.map(\.sources)
        self.rowExtents = rowExtents
    }

    /// `justified`, the row height, the tolerance, the widow style and any row limit:
    /// `justified 320 0.25 left max-rows 4`.
    public var modeDescription: String? {
        let limit = arrangement.maxRows.map { " max-rows \($0)" } ?? ""
        return "justified \(arrangement.rowHeight) \(arrangement.tolerance) \(arrangement.widows.rawValue)\(limit)"
    }

    /// The tiles whose image or caption shares at least one pixel with `rect`, in input order.
    ///
    /// The rows met are found by a binary search down the sheet, then each one's tiles are
    /// tested: O(log rows + tiles in the rows met).
    public func tiles(meeting rect: Rect) -> [Tile] {
        RowQuery.tiles(meeting: rect, tiles: tiles, rowExtents: rowExtents, rowSources: rowSources)
    }

    /// The sections whose header band shares at least one pixel with `rect`, by two binary
    /// searches over the bands, which follow one another down the sheet.
    public func sectionHeaders(meeting rect: Rect) -> Range<Int> {
        RowQuery.sectionHeaders(meeting: rect, headers: sectionHeaders, configuration: configuration)
    }

    /// The widths of a row's images and how far right of the content's left edge the row
    /// starts: a filling row shares its width by rounded cumulative aspect ratios, the last
    /// image taking what is left; a widow row keeps each image's width at the row's height,
    /// unless that would not fit, when it fills as a complete row does.
    static func widths(
        of row: JustifiedRow, ratios: [Double], settings: JustifiedRow.Settings, widows: WidowStyle
    ) throws(LayoutError) -> (widths: [Int], offset: Int) {
        let count = row.sources.count
        let rowWidth = settings.width - (count - 1) * settings.spacing
        guard rowWidth >= count else {
            throw .rowTooCrowded(first: row.sources.lowerBound, images: count, width: rowWidth)
        }
        if !row.fills, widows != .justify {
            let widths = row.sources.map { max(1, Int((ratios[$0] * row.height).rounded())) }
            let used = widths.reduce(0, +)
            if used <= rowWidth {
                return (widths, widows == .center ? (rowWidth - used) / 2 : 0)
            }
        }
        let total = row.sources.reduce(0.0) { $0 + ratios[$1] }
        var widths: [Int] = []
        widths.reserveCapacity(count)
        var edge = 0
        var cumulative = 0.0
        for (position, index) in row.sources.enumerated() {
            cumulative += ratios[index]
            let remaining = count - position - 1
            // Each image keeps at least a pixel and leaves one for every image after it.
            let next = remaining == 0
                ? rowWidth
                : min(max(Int((Double(rowWidth) * cumulative / total).rounded()), edge + 1), rowWidth - remaining)
            widths.append(next - edge)
            edge = next
        }
        return (widths, 0)
    }
}
