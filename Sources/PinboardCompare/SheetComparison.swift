import Differences
import Geometry
import ImageInput
import Layout
import Pinboard
import Raster
import SheetManifest
import SheetOutput

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
    /// What counted and what failed.
    public let options: ComparisonOptions
    /// The largest channel difference still counted as unchanged.
    public var threshold: Int { options.criteria.threshold }
    /// The sizes of the two sheets (nil for folders).
    public let sizeA: Size?
    public let sizeB: Size?
    /// Every pair compared, changed or not (`rescaled` ones apart), in B's order: one test
    /// case each for a report.
    public internal(set) var tiles: [TileChange] = []
    /// The pairs whose pixels differ beyond the criteria, or whose sizes differ, in B's
    /// order; those within the budget included (`TileChange.withinBudget`).
    public var changes: [TileChange] { tiles.filter { $0.kind != nil } }
    /// Pairs drawn at different sizes from the same source file (equal SHA-256 in both
    /// manifests), as when a tile moves to a lane one pixel wider: no pixel could be
    /// compared, and the source did not change, so they are no difference. In B's order.
    public internal(set) var rescaled: [TileChange] = []
    /// Images only on side A, in A's order.
    public internal(set) var onlyInA: [ComparedImage] = []
    /// Images only on side B, in B's order.
    public internal(set) var onlyInB: [ComparedImage] = []
    /// How many pairs compared equal by the criteria.
    public var unchanged: Int { tiles.count - changes.count }
    /// The names of those pairs, in B's order: a report lists each as a passing test.
    public var unchangedNames: [String] { tiles.filter { $0.kind == nil }.map(\.name) }
    /// In plain mode, the areas where the two images differ (see `ChangeRegions` for the
    /// grouping rule); empty otherwise.
    public internal(set) var regions: [ChangeRegion] = []
    /// The statistics over the whole image in plain mode; over all paired tiles otherwise.
    public internal(set) var total = PixelDifference()
    /// Damage the decoders read past in either sheet (a PNG without IEND), for the user
    /// to hear of: the comparison went on.
    public internal(set) var warnings: [ImageWarning] = []
    /// The diff sheet, when `SheetComparer.DiffSheet.memory` asked for it.
    public internal(set) var diffSheet: ComposedSheet?
    /// What was compared, so a report can cut the images it shows (`htmlReport(to:)`).
    var sides: ComparisonSides?

    init(mode: Mode, options: ComparisonOptions, sizeA: Size?, sizeB: Size?) {
        self.mode = mode
        self.options = options
        self.sizeA = sizeA
        self.sizeB = sizeB
    }

    /// Whether anything differs beyond the criteria, within a budget or not (`fails` says
    /// whether the run fails).
    ///
    /// The sheets' own sizes count only in plain mode, where they are what is compared; tiles
    /// are paired wherever they sit, so a layout that moved equal tiles about is no difference.
    public var hasDifferences: Bool {
        !changes.isEmpty || !onlyInA.isEmpty || !onlyInB.isEmpty || !regions.isEmpty || (mode == .plain && sizeA != sizeB)
    }

    /// Whether the run fails: a difference of a kind `options.failOn` names, over budget
    /// where it is a changed pair. What `pinboard diff` exits 1 for.
    public var fails: Bool {
        let failOn = options.failOn
        return tiles.contains(where: \.fails)
            || onlyInA.contains { options.judging($0.name).failOn.contains(.removed) }
            || onlyInB.contains { options.judging($0.name).failOn.contains(.added) }
            || (mode == .plain && sizeA != sizeB && failOn.contains(.resized))
            || (mode == .plain && !regions.isEmpty && failOn.contains(.changed) && !options.isWithinBudget(total))
    }
}
