import Geometry

/// Justified rows: the sources in reading order, in rows across the sheet's width, every
/// image in a row of one height and each row filling the width, its breaks chosen as
/// Flickr's justified-layout 4.1 chooses them (docs/geometry.md, "Justified rows").
///
/// The shared configuration gives the width, padding, margin and the title's, captions' and
/// section headers' rows; its lane settings are not used. justified-layout's `boxSpacing`
/// is `2 · padding` and its `containerPadding` is `margin + padding`.
public struct JustifiedArrangement: Arrangement, Hashable {
    /// The row height when none is given: justified-layout's `targetRowHeight`.
    public static let defaultRowHeight = 320
    /// The tolerance when none is given: justified-layout's `targetRowHeightTolerance`.
    public static let defaultTolerance = 0.25

    /// The width, padding, margin and bands; vertical.
    public let configuration: LayoutConfiguration
    /// The height a row aims for.
    public let rowHeight: Int
    /// How far from `rowHeight` a row may end, as a fraction of it: from 0 to 1.
    public let tolerance: Double
    /// How each section's incomplete last row is laid out.
    public let widows: WidowStyle
    /// The most rows the board holds, over all sections; nil for no limit.
    public let maxRows: Int?

    /// - Throws: `LayoutError.rowsNeedVerticalSheet` for a horizontal configuration,
    ///   `.settingOutOfRange` for a row height or maximum row count below 1 or above
    ///   `LayoutConfiguration.largestSetting`, `.rowToleranceOutOfRange` for a tolerance
    ///   outside 0…1.
    public init(
        configuration: LayoutConfiguration, rowHeight: Int = defaultRowHeight, tolerance: Double = defaultTolerance,
        widows: WidowStyle = .left, maxRows: Int? = nil
    ) throws(LayoutError) {
        guard configuration.direction == .vertical else { throw .rowsNeedVerticalSheet }
        try LayoutConfiguration.check(.rowHeight, rowHeight, atLeast: 1, direction: .vertical)
        if let maxRows { try LayoutConfiguration.check(.maxRows, maxRows, atLeast: 1, direction: .vertical) }
        guard (0...1).contains(tolerance) else { throw .rowToleranceOutOfRange(tolerance) }
        (self.configuration, self.rowHeight, self.tolerance) = (configuration, rowHeight, tolerance)
        (self.widows, self.maxRows) = (widows, maxRows)
    }

    public func layOut(_ sources: [Size], sectionStarts: [Int]) throws(LayoutError) -> any SheetLayout {
        try JustifiedLayout(arrangement: self, sources: sources, sectionStarts: sectionStarts)
    }

    /// How many of `sources`, from the first, fit in `maxRows` rows; all of them without a limit.
    ///
    /// - Throws: `LayoutError.invalidSource` for a source with no width or height.
    public func placeable(_ sources: [Size], sectionStarts: [Int]) throws(LayoutError) -> Int {
        guard maxRows != nil else { return sources.count }
        let rows = JustifiedRow.rows(
            aspectRatios: try Self.aspectRatios(of: sources), sectionStarts: sectionStarts,
            settings: rowSettings, maxRows: maxRows)
        return rows.last?.sources.upperBound ?? 0
    }

    /// The row-breaking settings in justified-layout's terms.
    var rowSettings: JustifiedRow.Settings {
        let padding = configuration.padding
        return JustifiedRow.Settings(
            width: configuration.breadth - 2 * (configuration.margin + padding), spacing: 2 * padding,
            target: rowHeight, tolerance: tolerance)
    }

    /// Each source's width over its height.
    static func aspectRatios(of sources: [Size]) throws(LayoutError) -> [Double] {
        var ratios: [Double] = []
        ratios.reserveCapacity(sources.count)
        for (index, source) in sources.enumerated() {
            guard source.width >= 1, source.height >= 1 else { throw .invalidSource(index: index, size: source) }
            ratios.append(Double(source.width) / Double(source.height))
        }
        return ratios
    }
}
