/// Justified rows' own settings: the height a row aims for, how far it may stray, how a
/// section's last row is laid out and how many rows a board holds.
///
/// The names follow Flickr's justified-layout 4.1 (`targetRowHeight`,
/// `targetRowHeightTolerance`, `widowLayoutStyle`, `maxNumRows`).
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

    public init(
        rowHeight: Int = defaultRowHeight, tolerance: Double = defaultTolerance, widows: WidowStyle = .left,
        maxRows: Int? = nil
    ) {
        self.rowHeight = rowHeight
        self.tolerance = tolerance
        self.widows = widows
        self.maxRows = maxRows
    }

    /// `rowHeight`, `rowTolerance`, `widows`, and `maxRows` when there is a limit.
    public var fields: [(key: String, value: LayoutField)] {
        [("rowHeight", .integer(rowHeight)), ("rowTolerance", .number(tolerance)), ("widows", .word(widows.rawValue))]
            + (maxRows.map { [("maxRows", LayoutField.integer($0))] } ?? [])
    }

    public init?(fields: [String: LayoutField]) {
        guard let rowHeight = fields["rowHeight"]?.integer, let tolerance = fields["rowTolerance"]?.number,
            let widows = fields["widows"]?.word.flatMap(WidowStyle.init(rawValue:))
        else { return nil }
        let maxRows = fields["maxRows"]?.integer
        guard fields["maxRows"] == nil || maxRows != nil else { return nil }
        self.init(rowHeight: rowHeight, tolerance: tolerance, widows: widows, maxRows: maxRows)
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
