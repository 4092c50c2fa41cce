import Geometry

/// A way of arranging sources: one value per layout mode, which lays out any run of
/// sources — a whole board, or one page of it.
///
/// Pagination asks for the layouts of many runs of the same sources, so an arrangement
/// carries its settings and nothing of the sources. A new mode is one arrangement, its
/// `SheetLayout`, and one case of `LayoutMode`.
public protocol Arrangement: Sendable {
    /// The sizes every mode shares.
    var configuration: LayoutConfiguration { get }
    /// The mode and its settings as laid out, sizes the mode resolved filled in: what a
    /// manifest records.
    var mode: LayoutMode { get }
    /// Places `sources` (their sizes, in input order), each section starting under its header.
    ///
    /// - Throws: `LayoutError` for a source with no size, a sheet too long for an `Int`, or
    ///   section starts that do not divide the sources into non-empty runs.
    func layOut(_ sources: [Size], sectionStarts: [Int]) throws(LayoutError) -> any SheetLayout
    /// How many of `sources`, from the first, the mode places: all of them unless it limits
    /// the board (justified rows' `maxRows`).
    ///
    /// - Throws: `LayoutError.invalidSource` for a source the limit cannot measure.
    func placeable(_ sources: [Size], sectionStarts: [Int]) throws(LayoutError) -> Int
    /// The layout of the `placeable` sources, from the first: what a board the mode limits
    /// shows. It may differ from `layOut` of those sources alone, as a justified row that
    /// `maxRows` stops in is completed where the sources alone would end in widows.
    ///
    /// - Throws: what `layOut` throws.
    func layOutPlaceable(_ sources: [Size], sectionStarts: [Int]) throws(LayoutError) -> any SheetLayout
}

extension Arrangement {
    public func placeable(_ sources: [Size], sectionStarts: [Int]) throws(LayoutError) -> Int { sources.count }

    public func layOutPlaceable(_ sources: [Size], sectionStarts: [Int]) throws(LayoutError) -> any SheetLayout {
        try layOut(sources, sectionStarts: sectionStarts)
    }
}
