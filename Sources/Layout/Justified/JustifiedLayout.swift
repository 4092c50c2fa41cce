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
    /// The tiles, the sheet's size and the bands.
    public let placed: PlacedSheet
    /// The rows, for the rect queries.
    private let rows: RowSheet

    /// Places every source in rows (docs/geometry.md, "Justified rows"); `maxRows` is not
    /// applied here (see `JustifiedArrangement.placeable`), so every source gets a tile.
    ///
    /// - Throws: `LayoutError.invalidSource` for a source with no width or height,
    ///   `.rowTooCrowded` for a row whose spacing leaves less than a pixel per image,
    ///   `.sheetTooLong` when the sheet's height would not fit in an `Int`, and the section
    ///   errors of `MasonryLayout.init` for section starts that are not non-empty runs.
    public init(arrangement: JustifiedArrangement, sources: [Size], sectionStarts: [Int] = []) throws(LayoutError) {
        let configuration = arrangement.configuration
        var builder = try RowSheet.Builder(configuration: configuration, sources: sources, sectionStarts: sectionStarts)
        let settings = arrangement.rowSettings
        let ratios = try JustifiedArrangement.aspectRatios(of: sources)
        let justifiedRows = JustifiedRow.rows(aspectRatios: ratios, sectionStarts: sectionStarts, settings: settings, maxRows: nil)
        for (number, row) in justifiedRows.enumerated() {
            try builder.startRow(at: row.sources.lowerBound)
            let widths = try Self.widths(of: row, ratios: ratios, settings: settings, widows: arrangement.widows)
            let height = max(1, Int(row.height.rounded()))
            var x = configuration.margin + configuration.padding + widths.offset
            for (index, width) in zip(row.sources, widths.widths) {
                let rect = Rect(x: x, y: builder.imageTop, width: width, height: height)
                builder.place(index, rect: rect, lane: number, captionUnder: rect)
                x += width + settings.spacing
            }
            try builder.endRow(row.sources, height: height)
        }
        self.arrangement = arrangement
        (placed, rows) = try builder.finish()
    }

    public var mode: LayoutMode { arrangement.mode }

    /// The tiles whose image or caption shares at least one pixel with `rect`, in input order.
    ///
    /// The rows met are found by a binary search down the sheet, then each one's tiles are
    /// tested: O(log rows + tiles in the rows met).
    public func tiles(meeting rect: Rect) -> [Tile] {
        rows.tiles(meeting: rect, in: placed.tiles)
    }

    /// The sections whose header band shares at least one pixel with `rect`, by two binary
    /// searches over the bands, which follow one another down the sheet.
    public func sectionHeaders(meeting rect: Rect) -> Range<Int> {
        RowSheet.sectionHeaders(meeting: rect, headers: placed.sectionHeaders, configuration: configuration)
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
