import Layout

/// Layout settings given one by one, as the command line takes them: `mode()` keeps the
/// chosen mode's own settings and refuses one that belongs to another mode, rather than
/// dropping it without a word.
///
/// ```swift
/// var choice = LayoutChoice(name: .masonry)
/// choice.widows = .center
/// try choice.mode()  // throws .conflictingSettings(.belongsToMode(.widows, mode: .justified))
/// ```
public struct LayoutChoice: Sendable, Equatable {
    public var name: LayoutMode.Name
    public var placement: Placement?
    public var tolerance: Int?
    public var spanWide: Ratio?
    /// Given when true.
    public var spanAll = false
    public var rowHeight: Int?
    public var rowTolerance: Double?
    public var widows: WidowStyle?
    public var maxRows: Int?
    public var breaks: RowBreaks?
    public var cellWidth: Int?
    public var cellHeight: Int?
    public var fit: GridFit?

    public init(name: LayoutMode.Name = .masonry) {
        self.name = name
    }

    /// The settings given, by their declaration.
    public var given: [SheetSetting] {
        let present: [(SheetSetting, Bool)] = [
            (.placement, placement != nil), (.tolerance, tolerance != nil), (.spanWide, spanWide != nil), (.spanAll, spanAll),
            (.rowHeight, rowHeight != nil), (.rowTolerance, rowTolerance != nil), (.widows, widows != nil),
            (.maxRows, maxRows != nil), (.breaks, breaks != nil), (.cellWidth, cellWidth != nil), (.cellHeight, cellHeight != nil), (.fit, fit != nil),
        ]
        return present.filter(\.1).map(\.0)
    }

    /// The chosen mode with the settings given for it, the others at their defaults.
    ///
    /// - Throws: `PinboardError.conflictingSettings(.belongsToMode)` for the first setting
    ///   given, in `SheetSetting`'s order, that the chosen mode does not have.
    public func mode() throws(PinboardError) -> LayoutMode {
        for setting in given {
            guard let modes = setting.modes, !modes.contains(name), let owner = modes.first else { continue }
            throw .conflictingSettings(.belongsToMode(setting, mode: owner))
        }
        // Each mode with settings of its own takes those given; a mode without keeps its defaults.
        var mode = LayoutMode(name)
        if case .masonry(var settings) = mode {
            settings.placement = placement ?? settings.placement
            settings.tolerance = tolerance ?? settings.tolerance
            (settings.spanWide, settings.spanAll) = (spanWide, spanAll)
            mode = .masonry(settings)
        }
        if case .justified(var settings) = mode {
            settings.rowHeight = rowHeight ?? settings.rowHeight
            settings.tolerance = rowTolerance ?? settings.tolerance
            settings.widows = widows ?? settings.widows
            settings.maxRows = maxRows
            settings.breaks = breaks ?? settings.breaks
            mode = .justified(settings)
        }
        if case .grid(var settings) = mode {
            (settings.cellWidth, settings.cellHeight) = (cellWidth, cellHeight)
            settings.fit = fit ?? settings.fit
            mode = .grid(settings)
        }
        return mode
    }
}
