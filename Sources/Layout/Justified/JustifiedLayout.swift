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
    /// applied here (see `JustifiedArrangement.placeable` and `layOutPlaceable`), so every
    /// source gets a tile.
    ///
    /// - Throws: `LayoutError.invalidSource` for a source with no width or height,
    ///   `.rowTooCrowded` for a row whose spacing leaves less than a pixel per image,
    ///   `.sheetTooLong` when the sheet's height would not fit in an `Int`, and the section
    ///   errors of `MasonryLayout.init` for section starts that are not non-empty runs.
    public init(arrangement: JustifiedArrangement, sources: [Size], sectionStarts: [Int] = []) throws(LayoutError) {
        try MasonryLayout.check(sectionStarts: sectionStarts, sourceCount: sources.count)
        let ratios = try JustifiedArrangement.aspectRatios(of: sources)
        let rows = arrangement.rows(aspectRatios: ratios, sectionStarts: sectionStarts, maxRows: nil)
        try self.init(arrangement: arrangement, sources: sources, ratios: ratios, sectionStarts: sectionStarts, rows: rows)
    }

    /// Places `sources` in `rows`, which cover them in order.
    init(
        arrangement: JustifiedArrangement, sources: [Size], ratios: [Double], sectionStarts: [Int], rows justifiedRows: [JustifiedRow]
    ) throws(LayoutError) {
        let configuration = arrangement.configuration
        var builder = try RowSheet.Builder(configuration: configuration, sources: sources, sectionStarts: sectionStarts)
        let settings = arrangement.rowSettings
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
    /// starts (docs/geometry.md, "Justified rows").
    ///
    /// Each image's right edge is rounded from where justified-layout puts it, counted along
    /// the row with the spacing taken out: a filling row's image `k` ends at `Rₙ · Sₖ / A`
    /// (its cumulative aspect ratio over the row's), the last at `Rₙ`; a `left` or `center`
    /// widow row's at `h · Sₖ`; a `justify` widow row's at `h · Sₖ − round(k · e)`, where `e`
    /// is the row's overflow shared equally, the last again at `Rₙ`. Every image keeps at
    /// least a pixel. A `center` widow row starts half of what the unrounded row leaves of
    /// `Rₙ` in, rounded. A `left` or `center` widow row that would not fit is shared out as a
    /// filling row is, where justified-layout lets it run past the container.
    static func widths(
        of row: JustifiedRow, ratios: [Double], settings: JustifiedRow.Settings, widows: WidowStyle
    ) throws(LayoutError) -> (widths: [Int], offset: Int) {
        let count = row.sources.count
        let rowWidth = settings.width - (count - 1) * settings.spacing
        guard rowWidth >= count else {
            throw .rowTooCrowded(first: row.sources.lowerBound, images: count, width: rowWidth)
        }
        if !row.fills {
            var cumulative = 0.0
            let ends = row.sources.map { index in
                cumulative += ratios[index] * row.height
                return cumulative
            }
            if widows == .justify {
                // justified-layout's `completeLayout(…, 'justify')`: the row's error over its
                // width, `e`, taken from the images in equal shares rounded as they add up.
                let error = (cumulative + Double((count - 1) * settings.spacing) - Double(settings.width)) / Double(count)
                let shifted = ends.enumerated().map { position, end in
                    end - Self.roundedHalfUp(Double(position + 1) * error)
                }
                return (Self.widths(ending: shifted, filling: rowWidth), 0)
            }
            let widths = Self.widths(ending: ends, filling: nil)
            let used = widths.reduce(0, +)
            if used <= rowWidth {
                // Centred on the unrounded row, so each edge is within a pixel of the true centring.
                let centred = Int(((Double(rowWidth) - cumulative) / 2).rounded())
                return (widths, widows == .center ? min(max(centred, 0), rowWidth - used) : 0)
            }
        }
        let total = row.sources.reduce(0.0) { $0 + ratios[$1] }
        var cumulative = 0.0
        let ends = row.sources.map { index in
            cumulative += ratios[index]
            return Double(rowWidth) * cumulative / total
        }
        return (Self.widths(ending: ends, filling: rowWidth), 0)
    }

    /// Whole widths for images ending at `ends` (counted along the row without its spacing):
    /// each end rounded, kept a pixel past the one before; with `filling`, kept a pixel short
    /// of it per image still to come, and the last image ending there.
    private static func widths(ending ends: [Double], filling rowWidth: Int?) -> [Int] {
        var widths: [Int] = []
        widths.reserveCapacity(ends.count)
        var edge = 0
        for (position, end) in ends.enumerated() {
            let remaining = ends.count - position - 1
            // Clamped first: a widow row of absurd sizes must not trap converting to `Int`.
            var next = max(Int(min(max(end, 0), 0x1p62).rounded()), edge + 1)
            if let rowWidth {
                next = remaining == 0 ? rowWidth : min(next, rowWidth - remaining)
            }
            widths.append(next - edge)
            edge = next
        }
        return widths
    }

    /// `x` rounded to the nearest whole number, halves up (towards +∞), as JavaScript's
    /// `Math.round` rounds.
    private static func roundedHalfUp(_ x: Double) -> Double {
        (x + 0.5).rounded(.down)
    }
}
