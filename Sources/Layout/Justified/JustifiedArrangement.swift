import Geometry

/// Justified rows: the sources in reading order, in rows across the sheet's width, every
/// image in a row of one height and each row filling the width, its breaks chosen as
/// Flickr's justified-layout 4.1 chooses them (docs/geometry.md, "Justified rows"), or
/// over the whole board at once (`RowBreaks.optimal`).
///
/// The shared configuration gives the width, padding, margin and the title's, captions' and
/// section headers' rows; its lane settings are not used. justified-layout's `boxSpacing`
/// is `2 · padding` and its `containerPadding` is `margin + padding`.
public struct JustifiedArrangement: Arrangement, Hashable {
    /// The width, padding, margin and bands; vertical.
    public let configuration: LayoutConfiguration
    /// The row height, tolerance, widow style and row limit.
    public let settings: JustifiedSettings

    /// - Throws: `LayoutError.rowsNeedVerticalSheet` for a horizontal configuration, and what
    ///   `JustifiedSettings.check` throws.
    public init(configuration: LayoutConfiguration, settings: JustifiedSettings = JustifiedSettings()) throws(LayoutError) {
        guard configuration.direction == .vertical else { throw .rowsNeedVerticalSheet }
        try settings.check()
        (self.configuration, self.settings) = (configuration, settings)
    }

    /// Justified rows from their settings one by one.
    public init(
        configuration: LayoutConfiguration, rowHeight: Int = JustifiedSettings.defaultRowHeight,
        tolerance: Double = JustifiedSettings.defaultTolerance, widows: WidowStyle = .left, maxRows: Int? = nil,
        breaks: RowBreaks = .greedy
    ) throws(LayoutError) {
        try self.init(
            configuration: configuration,
            settings: JustifiedSettings(rowHeight: rowHeight, tolerance: tolerance, widows: widows, maxRows: maxRows, breaks: breaks))
    }

    /// The height a row aims for.
    public var rowHeight: Int { settings.rowHeight }
    /// How far from `rowHeight` a row may end, as a fraction of it.
    public var tolerance: Double { settings.tolerance }
    /// How each section's incomplete last row is laid out.
    public var widows: WidowStyle { settings.widows }
    /// The most rows the board holds, over all sections; nil for no limit.
    public var maxRows: Int? { settings.maxRows }
    /// How the rows are broken.
    public var breaks: RowBreaks { settings.breaks }

    public var mode: LayoutMode { .justified(settings) }

    public func layOut(_ sources: [Size], sectionStarts: [Int]) throws(LayoutError) -> any SheetLayout {
        try JustifiedLayout(arrangement: self, sources: sources, sectionStarts: sectionStarts)
    }

    /// How many of `sources`, from the first, fit in `maxRows` rows; all of them without a limit.
    ///
    /// - Throws: `LayoutError.invalidSource` for a source with no width or height.
    public func placeable(_ sources: [Size], sectionStarts: [Int]) throws(LayoutError) -> Int {
        guard maxRows != nil else { return sources.count }
        let rows = rows(aspectRatios: try Self.aspectRatios(of: sources), sectionStarts: sectionStarts, maxRows: maxRows)
        return rows.last?.sources.upperBound ?? 0
    }

    /// The rows of the sources that fit in `maxRows` rows, as justified-layout lays them out:
    /// the row the limit stops in is completed as a full row (justified-layout's `maxNumRows`),
    /// where the layout of those sources alone would lay its images as widows.
    ///
    /// - Throws: what `JustifiedLayout.init` throws.
    public func layOutPlaceable(_ sources: [Size], sectionStarts: [Int]) throws(LayoutError) -> any SheetLayout {
        guard maxRows != nil else { return try layOut(sources, sectionStarts: sectionStarts) }
        try MasonryLayout.check(sectionStarts: sectionStarts, sourceCount: sources.count)
        let ratios = try Self.aspectRatios(of: sources)
        let rows = rows(aspectRatios: ratios, sectionStarts: sectionStarts, maxRows: maxRows)
        let placed = rows.last?.sources.upperBound ?? 0
        return try JustifiedLayout(
            arrangement: self, sources: Array(sources[..<placed]), ratios: Array(ratios[..<placed]),
            sectionStarts: sectionStarts.filter { $0 < placed }, rows: rows)
    }

    /// The rows of `aspectRatios`, broken as `breaks` says, each section's rows starting a new
    /// row, at most `maxRows` of them.
    func rows(aspectRatios: [Double], sectionStarts: [Int], maxRows: Int?) -> [JustifiedRow] {
        switch settings.breaks {
        case .greedy:
            JustifiedRow.rows(aspectRatios: aspectRatios, sectionStarts: sectionStarts, settings: rowSettings, maxRows: maxRows)
        case .optimal:
            OptimalBreaks.rows(aspectRatios: aspectRatios, sectionStarts: sectionStarts, settings: rowSettings, maxRows: maxRows)
        }
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
