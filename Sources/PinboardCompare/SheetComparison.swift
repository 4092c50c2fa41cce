import Geometry
import Layout
import Pinboard
import Raster

/// What differs between two sheets (or two folders of images), as values a test can check.
///
/// ```swift
/// let report = try SheetComparer.compare("golden.png", "current.png", threshold: 2)
/// #expect(report.changes.map(\.name) == ["login.png"])
/// #expect(report.onlyInB.isEmpty)
/// ```
public struct SheetComparison: Sendable {
    /// How the two sides were matched.
    public enum Mode: String, Sendable {
        /// Tile by tile, paired through the embedded manifests.
        case tiles
        /// Pixel by pixel over the whole image, for sheets without manifests.
        case plain
        /// File by file, paired by their paths below the two folders.
        case folders
    }

    public let mode: Mode
    /// The largest channel difference still counted as unchanged.
    public let threshold: Int
    /// The sizes of the two sheets (nil for folders).
    public let sizeA: Size?
    public let sizeB: Size?
    /// The pairs whose pixels differ beyond the threshold, or whose sizes differ, in B's order.
    public internal(set) var changes: [TileChange] = []
    /// Pairs drawn at different sizes from the same source file (equal SHA-256 in both
    /// manifests), as when a tile moves to a lane one pixel wider: no pixel could be
    /// compared, and the source did not change, so they are no difference. In B's order.
    public internal(set) var rescaled: [TileChange] = []
    /// Images only on side A, in A's order.
    public internal(set) var onlyInA: [ComparedImage] = []
    /// Images only on side B, in B's order.
    public internal(set) var onlyInB: [ComparedImage] = []
    /// How many pairs compared equal within the threshold.
    public internal(set) var unchanged = 0
    /// The names of those pairs, in B's order: a report lists each as a passing test.
    public internal(set) var unchangedNames: [String] = []
    /// In plain mode, the areas where the two images differ (see `ChangeRegions` for the
    /// grouping rule); empty otherwise.
    public internal(set) var regions: [ChangeRegion] = []
    /// The statistics over the whole image in plain mode; over all paired tiles otherwise.
    public internal(set) var total = PixelDifference()
    /// The diff sheet, when `SheetComparer.DiffSheet.memory` asked for it.
    public internal(set) var diffSheet: ComposedSheet?
    /// What was compared, so a report can cut the images it shows (`htmlReport(to:)`).
    var sides: ComparisonSides?

    init(mode: Mode, threshold: Int, sizeA: Size?, sizeB: Size?) {
        self.mode = mode
        self.threshold = threshold
        self.sizeA = sizeA
        self.sizeB = sizeB
    }

    /// Whether anything differs beyond the threshold: what `pinboard diff` exits 1 for.
    ///
    /// The sheets' own sizes count only in plain mode, where they are what is compared; tiles
    /// are paired wherever they sit, so a layout that moved equal tiles about is no difference.
    public var hasDifferences: Bool {
        !changes.isEmpty || !onlyInA.isEmpty || !onlyInB.isEmpty || !regions.isEmpty || (mode == .plain && sizeA != sizeB)
    }
}
