import Geometry

/// Masonry ("waterfall") lanes: every source scaled to its lane's breadth and stacked in the
/// lane its placement chooses (docs/geometry.md).
public struct MasonryArrangement: Arrangement, Hashable {
    /// The breadth, lanes, padding, margin and bands every mode shares.
    public let configuration: LayoutConfiguration
    /// Placement, tolerance and spans: masonry's own.
    public let settings: MasonrySettings

    /// - Throws: what `MasonrySettings.check` throws.
    public init(configuration: LayoutConfiguration, settings: MasonrySettings = MasonrySettings()) throws(LayoutError) {
        try settings.check(direction: configuration.direction)
        self.configuration = configuration
        self.settings = settings
    }

    /// A masonry arrangement from its settings one by one.
    ///
    /// ```swift
    /// let config = try LayoutConfiguration(breadth: 100, lanes: 3)
    /// let masonry = try MasonryArrangement(configuration: config, placement: .roundRobin)
    /// ```
    public init(
        configuration: LayoutConfiguration, placement: Placement = .shortest, tolerance: Int = 0,
        spanWide: Ratio? = nil, spanAll: Bool = false
    ) throws(LayoutError) {
        try self.init(
            configuration: configuration,
            settings: MasonrySettings(placement: placement, tolerance: tolerance, spanWide: spanWide, spanAll: spanAll))
    }

    public var mode: LayoutMode { .masonry(settings) }

    public func layOut(_ sources: [Size], sectionStarts: [Int]) throws(LayoutError) -> any SheetLayout {
        try MasonryLayout(arrangement: self, sources: sources, sectionStarts: sectionStarts)
    }
}
