import Geometry

/// A way of arranging sources: one value per layout mode, which lays out any run of
/// sources — a whole board, or one page of it.
///
/// Pagination asks for the layouts of many runs of the same sources, so an arrangement
/// carries its settings and nothing of the sources.
public protocol Arrangement: Sendable {
    /// Places `sources` (their sizes, in input order), each section starting under its header.
    ///
    /// - Throws: `LayoutError` for a source with no size, a sheet too long for an `Int`, or
    ///   section starts that do not divide the sources into non-empty runs.
    func layOut(_ sources: [Size], sectionStarts: [Int]) throws(LayoutError) -> any SheetLayout
}

/// Masonry is the configuration's own arrangement: lanes of the configured breadth.
extension LayoutConfiguration: Arrangement {
    public func layOut(_ sources: [Size], sectionStarts: [Int]) throws(LayoutError) -> any SheetLayout {
        try MasonryLayout(configuration: self, sources: sources, sectionStarts: sectionStarts)
    }
}
