/// Justified rows' own settings: the height a row aims for, how far it may stray, how a
/// section's last row is laid out, how many rows a board holds and how rows are broken.
///
/// The names follow Flickr's justified-layout 4.1 (`targetRowHeight`,
/// `targetRowHeightTolerance`, `widowLayoutStyle`, `maxNumRows`); `breaks` is pinboard's.
public struct JustifiedSettings: LayoutModeSettings {
    /// The row height when none is given: justified-layout's `targetRowHeight`.
    public static let defaultRowHeight = 320
    /// The tolerance when none is given: justified-layout's `targetRowHeightTolerance`.
    public static let defaultTolerance = 0.25

    /// The height a row aims for.
    public var rowHeight: Int
    /// How far from `rowHeight` a row may end, as a fraction of it: from 0 to 1.
    public var tolerance: Double
    /// How each section's incomplete last row is laid out.
    public var widows: WidowStyle
    /// The most rows the board holds, over all sections; nil for no limit.
    public var maxRows: Int?
    /// How the rows are broken: as justified-layout breaks them, or over the whole board at once.
    public var breaks: RowBreaks

    public init(
        rowHeight: Int = defaultRowHeight, tolerance: Double = defaultTolerance, widows: WidowStyle = .left,
        maxRows: Int? = nil, breaks: RowBreaks = .greedy
    ) {
        self.rowHeight = rowHeight
        self.tolerance = tolerance
        self.widows = widows
        self.maxRows = maxRows
        self.breaks = breaks
    }

    /// `rowHeight`, `rowTolerance`, `widows`, `maxRows` when there is a limit, and `breaks`
    /// when they are not greedy (so manifests written before there was a choice keep their bytes).
    public var fields: [(key: String, value: LayoutField)] {
        [("rowHeight", .integer(rowHeight)), ("rowTolerance", .number(tolerance)), ("widows", .word(widows.rawValue))]
            + (maxRows.map { [("maxRows", LayoutField.integer($0))] } ?? [])
            + (breaks == .greedy ? [] : [("breaks", LayoutField.word(breaks.rawValue))])
    }

    /// The settings `fields` give; a missing `breaks` is greedy.
    public init?(fields: [String: LayoutField]) {
        guard let rowHeight = fields["rowHeight"]?.integer, let tolerance = fields["rowTolerance"]?.number,
            let widows = fields["widows"]?.word.flatMap(WidowStyle.init(rawValue:))
        else { return nil }
        let maxRows = fields["maxRows"]?.integer
        guard fields["maxRows"] == nil || maxRows != nil else { return nil }
        let breaks = fields["breaks"].map { $0.word.flatMap(RowBreaks.init(rawValue:)) } ?? .greedy
        guard let breaks else { return nil }
        self.init(rowHeight: rowHeight, tolerance: tolerance, widows: widows, maxRows: maxRows, breaks: breaks)
    }

    /// Throws unless the settings make rows.
    ///
    /// - Throws: `LayoutError.settingOutOfRange` for a row height or maximum row count below 1
    ///   or above `LayoutConfiguration.largestSetting`, `.rowToleranceOutOfRange` for a
    ///   tolerance outside 0…1.
    public func check() throws(LayoutError) {
        try LayoutConfiguration.check(.rowHeight, rowHeight, atLeast: 1, direction: .vertical)
        if let maxRows { try LayoutConfiguration.check(.maxRows, maxRows, atLeast: 1, direction: .vertical) }
        guard (0...1).contains(tolerance) else { throw .rowToleranceOutOfRange(tolerance) }
    }
}
