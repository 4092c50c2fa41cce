import Geometry

/// The layout choice: one value whose case names the mode and carries that mode's own
/// settings, so nothing holds the settings of a mode it is not in.
///
/// The sizes every mode shares (breadth, lanes, padding, margin, the bands) are
/// `LayoutConfiguration`'s; `arrangement(_:)` joins the two into the `Arrangement` that lays
/// the sources out.
///
/// ```swift
/// let mode = LayoutMode.justified(JustifiedSettings(rowHeight: 240))
/// let config = try mode.configuration(breadth: 1600, padding: 4)
/// let layout = try mode.arrangement(config).layOut(sizes, sectionStarts: [])
/// ```
public enum LayoutMode: Hashable, Sendable, CustomStringConvertible {
    /// Lanes of one breadth, each image in the lane its placement chooses (`MasonryArrangement`).
    case masonry(MasonrySettings)
    /// Rows of one height filling the width, broken as justified-layout breaks them or over
    /// the whole board at once (`JustifiedArrangement`).
    case justified(JustifiedSettings)
    /// Uniform cells in reading order (`GridArrangement`).
    case grid(GridSettings)

    /// The modes by name: what `--layout` and a manifest's `mode` say.
    public enum Name: String, CaseIterable, Codable, Hashable, Sendable {
        case masonry, justified, grid
    }

    /// The mode named `name` with its default settings.
    public init(_ name: Name) {
        switch name {
        case .masonry: self = .masonry(MasonrySettings())
        case .justified: self = .justified(JustifiedSettings())
        case .grid: self = .grid(GridSettings())
        }
    }

    public var name: Name {
        switch self {
        case .masonry: .masonry
        case .justified: .justified
        case .grid: .grid
        }
    }

    public var description: String { name.rawValue }

    /// The mode's own settings, whichever mode it is.
    public var settings: any LayoutModeSettings {
        switch self {
        case .masonry(let settings): settings
        case .justified(let settings): settings
        case .grid(let settings): settings
        }
    }

    /// The mode named `name` with the settings a manifest's `fields` give; nil when they do
    /// not make that mode's settings.
    public init?(name: Name, fields: [String: LayoutField]) {
        let mode: LayoutMode? = switch name {
        case .masonry: MasonrySettings(fields: fields).map(LayoutMode.masonry)
        case .justified: JustifiedSettings(fields: fields).map(LayoutMode.justified)
        case .grid: GridSettings(fields: fields).map(LayoutMode.grid)
        }
        guard let mode else { return nil }
        self = mode
    }

    /// The arrangement of this mode over `configuration`.
    ///
    /// - Throws: `LayoutError` for settings that make no layout: the mode's own checks, and
    ///   `.rowsNeedVerticalSheet` for rows or a grid in a horizontal configuration.
    public func arrangement(_ configuration: LayoutConfiguration) throws(LayoutError) -> any Arrangement {
        switch self {
        case .masonry(let settings): try MasonryArrangement(configuration: configuration, settings: settings)
        case .justified(let settings): try JustifiedArrangement(configuration: configuration, settings: settings)
        case .grid(let settings): try GridArrangement(configuration: configuration, settings: settings)
        }
    }

    /// Throws unless the mode's own settings make a layout in `direction` (what the
    /// arrangement would refuse of them, checked before any source is read).
    public func check(direction: Direction) throws(LayoutError) {
        switch self {
        case .masonry(let settings): try settings.check(direction: direction)
        case .justified(let settings): try settings.check()
        case .grid: break
        }
    }

    /// The shared settings for this mode, its sizes resolved as `LayoutConfiguration.init`
    /// resolves them; a grid's cell width counts as a lane breadth of the cell and its padding,
    /// so a cell width with a column count gives that many columns.
    ///
    /// - Throws: `LayoutError.cellWidthWithLaneBreadth` for a grid given both, and what
    ///   `LayoutConfiguration.init` throws.
    public func configuration(
        direction: Direction = .vertical, breadth: Int? = nil, lanes: Int? = nil, laneBreadth: Int? = nil,
        padding: Int = LayoutConfiguration.defaultPadding, margin: Int = LayoutConfiguration.defaultMargin,
        titleHeight: Int = 0, labelHeight: Int = 0, sectionHeaderHeight: Int = 0
    ) throws(LayoutError) -> LayoutConfiguration {
        var laneBreadth = laneBreadth
        if case .grid(let grid) = self, let cellWidth = grid.cellWidth {
            if let laneBreadth { throw .cellWidthWithLaneBreadth(cellWidth: cellWidth, laneBreadth: laneBreadth) }
            try LayoutConfiguration.check(.cellWidth, cellWidth, atLeast: 1, direction: .vertical)
            try LayoutConfiguration.check(.padding, padding, atLeast: 0, direction: direction)
            laneBreadth = cellWidth + 2 * padding
        }
        return try LayoutConfiguration(
            direction: direction, breadth: breadth, lanes: lanes, laneBreadth: laneBreadth, padding: padding,
            margin: margin, titleHeight: titleHeight, labelHeight: labelHeight, sectionHeaderHeight: sectionHeaderHeight)
    }
}
