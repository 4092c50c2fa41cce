import Geometry

/// One line of a report: a tile (or file, or region) with what became of it.
///
/// Entries are what the HTML and JUnit writers list, one test case each; a new kind of
/// finding (a masked tile, one within its budget) is a new `Kind` and a new place where
/// `ComparisonReport.init` makes entries, and both writers show it.
public struct ReportEntry: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// Pixels differ beyond the threshold.
        case changed
        /// Another size from another file: compared over the area both sizes share.
        case resized
        /// Another size from the same file (equal SHA-256): no difference.
        case rescaled
        case onlyInA = "only in A"
        case onlyInB = "only in B"
        /// An area of two plain images that differs.
        case region
        /// Equal within the threshold.
        case unchanged
    }

    public enum Verdict: String, Sendable, Hashable {
        case fail
        case pass
    }

    /// Where the pixels an image shows come from: a rect of a compared sheet, or a file.
    enum Origin: Sendable, Hashable {
        case sheet(Rect)
        case file(String)
    }

    /// What pairs the entry's images: the tile's name, the file's path below its folder,
    /// or a region's geometry.
    public let name: String
    public let kind: Kind
    public let verdict: Verdict
    /// The figures, in the order they are shown.
    public let numbers: [ReportField]
    /// The figures in one line, as `pinboard diff` prints them; empty when there are none.
    public let summary: String
    /// The reference's image (side A), if it has one.
    public let expected: ReportImage?
    /// The checked image (side B), if it has one.
    public let actual: ReportImage?
    /// The picture of the differences, for images of one size.
    public let diff: ReportImage?
    let expectedOrigin: Origin?
    let actualOrigin: Origin?
    /// The settings the entry was judged by when a rule of a settings file chose them: the
    /// rule's `match`, then its settings as the report's `options` spell them; empty when the
    /// report's own options judged it.
    public internal(set) var settings: [ReportField] = []
}
