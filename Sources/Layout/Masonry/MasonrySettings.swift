/// Masonry's own settings: how a tile chooses its lane and which tiles span lanes.
///
/// The sizes every mode shares (breadth, lanes, padding, margin, bands) are
/// `LayoutConfiguration`'s; these are read by masonry alone.
public struct MasonrySettings: LayoutModeSettings {
    /// How each tile chooses its lane.
    public var placement: Placement
    /// How much longer than the shortest lane a lower-numbered lane may be and still be chosen
    /// by `shortest` placement, so tiles keep closer to reading order; round-robin and
    /// balanced placement ignore it.
    public var tolerance: Int
    /// The aspect ratio (across the lanes over along them: width over height in a vertical
    /// sheet) from which a source spans two adjacent lanes; nil for none.
    public var spanWide: Ratio?
    /// Whether the sources that reach `spanWide` span every lane instead of two.
    public var spanAll: Bool

    public init(placement: Placement = .shortest, tolerance: Int = 0, spanWide: Ratio? = nil, spanAll: Bool = false) {
        self.placement = placement
        self.tolerance = tolerance
        self.spanWide = spanWide
        self.spanAll = spanAll
    }

    /// None: masonry's settings are the manifest's own top-level members (`placement`,
    /// `tolerance`, `spanWide`, `spanAll`), as they were before there were other modes.
    public var fields: [(key: String, value: LayoutField)] { [] }

    /// The defaults: the top-level members, not the `layout` object, hold masonry's settings.
    public init?(fields: [String: LayoutField]) {
        self.init()
    }

    /// Throws unless the settings make a layout in `direction`.
    ///
    /// - Throws: `LayoutError.settingOutOfRange` for a negative tolerance or one above
    ///   `LayoutConfiguration.largestSetting`; `.spanAllWithoutSpanWide` for `spanAll` with no
    ///   `spanWide`; `.balancedWithSpans` for balanced placement with a `spanWide`.
    public func check(direction: Direction) throws(LayoutError) {
        try LayoutConfiguration.check(.tolerance, tolerance, atLeast: 0, direction: direction)
        guard !spanAll || spanWide != nil else { throw .spanAllWithoutSpanWide }
        if placement == .balanced, let spanWide { throw .balancedWithSpans(spanWide: spanWide, direction: direction) }
    }
}
