import Geometry

/// A uniform grid, the classic contact sheet: cells of one size in reading order, with
/// padding around each cell as around a masonry tile (docs/geometry.md, "Uniform grids").
///
/// The shared configuration gives the width, columns (its lanes), padding, margin and the
/// title's, captions' and section headers' rows.
public struct GridArrangement: Arrangement, Hashable {
    /// The width, columns, padding, margin and bands; vertical.
    public let configuration: LayoutConfiguration
    /// Each cell's width, padding excluded.
    public let cellWidth: Int
    /// Each cell's height, padding and caption excluded.
    public let cellHeight: Int
    /// How many cells a row holds.
    public let columns: Int
    /// How each image is fitted into its cell.
    public let fit: GridFit

    /// Makes a grid. Without a cell width, a cell is as wide as the configuration's narrowest
    /// lane leaves for a tile and there are as many columns as lanes; with one, the columns are
    /// as many as fit across the width, `max(1, ⌊(W − 2m) / (cellWidth + 2p)⌋)`: the
    /// configuration's lanes when it was made by `LayoutMode.configuration`, which takes a
    /// column to be the cell and its padding. Without a cell height the cell is square.
    ///
    /// - Throws: `LayoutError.rowsNeedVerticalSheet` for a horizontal configuration,
    ///   `.settingOutOfRange` for a cell width or height below 1 or above
    ///   `LayoutConfiguration.largestSetting`.
    public init(configuration: LayoutConfiguration, settings: GridSettings) throws(LayoutError) {
        try self.init(configuration: configuration, cellWidth: settings.cellWidth, cellHeight: settings.cellHeight, fit: settings.fit)
    }

    /// A grid from its settings one by one (see `init(configuration:settings:)`).
    public init(
        configuration: LayoutConfiguration, cellWidth: Int? = nil, cellHeight: Int? = nil, fit: GridFit = .contain
    ) throws(LayoutError) {
        guard configuration.direction == .vertical else { throw .rowsNeedVerticalSheet }
        let content = configuration.breadth - 2 * configuration.margin
        let padding = configuration.padding
        let width: Int
        if let cellWidth {
            try LayoutConfiguration.check(.cellWidth, cellWidth, atLeast: 1, direction: .vertical)
            width = cellWidth
            columns = max(1, content / (cellWidth + 2 * padding))
        } else {
            // LayoutConfiguration has checked that the narrowest lane leaves at least a pixel.
            width = content / configuration.lanes - 2 * padding
            columns = configuration.lanes
        }
        let height = cellHeight ?? width
        try LayoutConfiguration.check(.cellHeight, height, atLeast: 1, direction: .vertical)
        (self.configuration, self.cellWidth, self.cellHeight, self.fit) = (configuration, width, height, fit)
    }

    /// The grid with its cell size resolved.
    public var mode: LayoutMode { .grid(GridSettings(cellWidth: cellWidth, cellHeight: cellHeight, fit: fit)) }

    public func layOut(_ sources: [Size], sectionStarts: [Int]) throws(LayoutError) -> any SheetLayout {
        try GridLayout(arrangement: self, sources: sources, sectionStarts: sectionStarts)
    }
}
