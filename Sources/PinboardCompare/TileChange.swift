import Differences
import Geometry
import Layout
import Pinboard
import Raster

/// A pair of images with the same name, as compared: what a report shows for each tile.
public struct TileChange: Sendable, Hashable, Encodable {
    public let a: ComparedImage
    public let b: ComparedImage
    /// The statistics of the pixel comparison, over the area both sizes share; nil for a
    /// pair `rescaled` (the same source drawn at another size), which is not compared.
    public let difference: PixelDifference?
    /// What kind of difference it is: `changed`, `resized` (the sizes differ and so do the
    /// sources), or nil when its pixels are the same by the criteria.
    public let kind: ChangeKind?
    /// Whether its changed pixels stay within the budget (`ComparisonOptions.isWithinBudget`).
    public let withinBudget: Bool
    /// Whether it fails the run: its kind is one `failOn` names and, when it is `changed`,
    /// it is over budget.
    public let fails: Bool
    /// Where its changed pixels are, in its own coordinates (see `ChangeRegions`).
    public let regions: [ChangeRegion]
    /// The ignored areas that applied to it, clipped to it.
    public let ignored: [Rect]
    /// The rule of a settings file that judged it (`ComparisonOptions.rules`); nil when the
    /// comparison's own options did.
    public let rule: SettingRule?

    public init(
        a: ComparedImage, b: ComparedImage, difference: PixelDifference?, kind: ChangeKind? = nil, withinBudget: Bool = true, fails: Bool = false,
        regions: [ChangeRegion] = [], ignored: [Rect] = [], rule: SettingRule? = nil
    ) {
        self.a = a
        self.b = b
        self.difference = difference
        self.kind = kind
        self.withinBudget = withinBudget
        self.fails = fails
        self.regions = regions
        self.ignored = ignored
        self.rule = rule
    }

    public var name: String { b.name }
    public var isResized: Bool { a.size != b.size }

    private enum CodingKeys: String, CodingKey {
        case name, a, b, kind, fails, withinBudget, regions, ignored, rule
    }

    /// As `pinboard diff --json` lists a tile: its name, both sides, its kind (absent for a
    /// pair rescaled), the rule that judged it (absent for none), and the figures of
    /// `difference` flat beside them.
    public func encode(to encoder: any Encoder) throws {
        try difference?.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(a, forKey: .a)
        try container.encode(b, forKey: .b)
        try container.encodeIfPresent(kind, forKey: .kind)
        try container.encode(fails, forKey: .fails)
        try container.encode(withinBudget, forKey: .withinBudget)
        try container.encode(regions, forKey: .regions)
        try container.encode(ignored, forKey: .ignored)
        try container.encodeIfPresent(rule, forKey: .rule)
    }
}
