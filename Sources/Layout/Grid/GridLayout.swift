import Geometry

/// A uniform grid of cells (see `GridArrangement`), computed once when it is made.
///
/// Each tile's `lane` is its column; `laneCount` is 1. Every row of cells is as tall as
/// every other, so `tiles(meeting:)` finds a band's rows by binary search over them.
///
/// ```swift
/// let config = try LayoutConfiguration(breadth: 100, lanes: 2, padding: 5)
/// let grid = try GridLayout(arrangement: GridArrangement(configuration: config), sources: [Size(width: 4, height: 2)])
/// // a 40×40 cell at (5, 5); contained, the image is (5, 15) 40×20
/// ```
public struct GridLayout: SheetLayout, Hashable {
    /// The settings shared with masonry: width, padding, margin, bands.
    public var configuration: LayoutConfiguration { arrangement.configuration }
    /// The cell size, columns and fit the layout was made with.
    public let arrangement: GridArrangement
    /// The tiles, the sheet's size and the bands.
    public let placed: PlacedSheet
    /// Each source's cell, padding excluded: the tile's rect under `fill` and `cover`, around
    /// it under `contain`.
    public let cells: [Rect]
    /// The rows of cells, for the rect queries.
    private let rows: RowSheet

    /// Places every source in the next cell, left to right and top to bottom; each section
    /// starts a new row under its header.
    ///
    /// - Throws: `LayoutError.invalidSource` for a source with no width or height,
    ///   `.sheetTooLong` when the sheet's height would not fit in an `Int`, and the section
    ///   errors of `MasonryLayout.init`.
    public init(arrangement: GridArrangement, sources: [Size], sectionStarts: [Int] = []) throws(LayoutError) {
        let configuration = arrangement.configuration
        var builder = try RowSheet.Builder(configuration: configuration, sources: sources, sectionStarts: sectionStarts)
        let padding = configuration.padding
        let bounds = (sectionStarts.isEmpty ? [0] : sectionStarts) + [sources.count]
        var cells: [Rect] = []
        cells.reserveCapacity(sources.count)
        for (start, end) in zip(bounds, bounds.dropFirst()) where start < end {
            for rowStart in stride(from: start, to: end, by: arrangement.columns) {
                try builder.startRow(at: rowStart)
                let row = rowStart..<min(end, rowStart + arrangement.columns)
                for index in row {
                    let source = sources[index]
                    guard source.width >= 1, source.height >= 1 else { throw .invalidSource(index: index, size: source) }
                    let column = index - rowStart
                    let cell = Rect(
                        x: configuration.margin + column * (arrangement.cellWidth + 2 * padding) + padding, y: builder.imageTop,
                        width: arrangement.cellWidth, height: arrangement.cellHeight)
                    let rect = arrangement.fit == .contain ? Self.contained(source, in: cell) : cell
                    builder.place(index, rect: rect, lane: column, captionUnder: cell)
                    cells.append(cell)
                }
                try builder.endRow(row, height: arrangement.cellHeight)
            }
        }
        self.arrangement = arrangement
        self.cells = cells
        (placed, rows) = try builder.finish()
    }

    /// The grid with its cell size resolved: the arrangement's mode.
    public var mode: LayoutMode { arrangement.mode }

    /// The tiles whose image or caption shares at least one pixel with `rect`, in input order:
    /// the rows met by binary search, then their tiles tested.
    public func tiles(meeting rect: Rect) -> [Tile] {
        rows.tiles(meeting: rect, in: placed.tiles)
    }

    /// The sections whose header band shares at least one pixel with `rect`, by two binary searches.
    public func sectionHeaders(meeting rect: Rect) -> Range<Int> {
        RowSheet.sectionHeaders(meeting: rect, headers: placed.sectionHeaders, configuration: configuration)
    }

    public func cell(of index: Int) -> Rect? { cells[index] }

    /// Under `cover`, the cell's cut of its source scaled to cover it; nil otherwise.
    public func crop(of index: Int) -> TileCrop? {
        guard arrangement.fit == .cover else { return nil }
        let cell = Size(width: cells[index].width, height: cells[index].height)
        return .centred(scaled: Self.covering(sources[index], cell: cell), keeping: cell)
    }

    /// The smallest size of `source`'s aspect ratio that covers `cell`: the side that binds
    /// is the cell's, the other `⌊(2 · side · other + source) / (2 · source)⌋` (half up), at
    /// least the cell's.
    static func covering(_ source: Size, cell: Size) -> Size {
        // Compare source.width / source.height with cell.width / cell.height without dividing.
        if source.width * cell.height >= cell.width * source.height {
            let width = (2 * cell.height * source.width + source.height) / (2 * source.height)
            return Size(width: max(cell.width, width), height: cell.height)
        }
        let height = (2 * cell.width * source.height + source.width) / (2 * source.width)
        return Size(width: cell.width, height: max(cell.height, height))
    }

    /// The largest rect of `source`'s aspect ratio inside `cell`, centred, the free pixels split
    /// with the odd one after: the side that binds is the cell's, the other
    /// `⌊(2 · side · other + source) / (2 · source)⌋` (half up), at least 1.
    static func contained(_ source: Size, in cell: Rect) -> Rect {
        // Compare source.width / source.height with cell.width / cell.height without dividing.
        if source.width * cell.height >= cell.width * source.height {
            let height = max(1, (2 * cell.width * source.height + source.width) / (2 * source.width))
            return Rect(x: cell.x, y: cell.y + (cell.height - height) / 2, width: cell.width, height: height)
        }
        let width = max(1, (2 * cell.height * source.width + source.height) / (2 * source.height))
        return Rect(x: cell.x + (cell.width - width) / 2, y: cell.y, width: width, height: cell.height)
    }
}
