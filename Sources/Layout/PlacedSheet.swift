import Geometry

/// What every layout mode hands back once it has placed the sources: the tiles, the
/// sheet's size and the title's and sections' bands.
///
/// The modes differ only in how they compute these; everything after layout reads them
/// through `SheetLayout`, whose members come from this one record.
public struct PlacedSheet: Hashable, Sendable {
    /// The sources' sizes, in input order.
    public let sources: [Size]
    /// One tile per source, in input order: `tiles[i].index == i`.
    public let tiles: [Tile]
    /// The whole sheet, margins included.
    public let sheet: Size
    /// The band for the sheet's title, `(m, m) (W − 2m)×titleHeight`; nil without a title.
    public let titleRect: Rect?
    /// Each section's first source, increasing from 0; empty when the layout has no sections.
    public let sectionStarts: [Int]
    /// Each section's header band, one per section start: `(m, Y) (W − 2m)×sectionHeaderHeight`,
    /// `Y` where the lanes or rows before it end (transposed in a horizontal sheet). With a
    /// header height of 0 the bands are empty but still say where each section begins.
    public let sectionHeaders: [Rect]

    /// The title's band comes from `configuration`.
    init(configuration: LayoutConfiguration, sources: [Size], tiles: [Tile], sheet: Size, sectionStarts: [Int], sectionHeaders: [Rect]) {
        self.sources = sources
        self.tiles = tiles
        self.sheet = sheet
        self.titleRect = configuration.titleHeight == 0
            ? nil
            : Rect(x: configuration.margin, y: configuration.margin,
                   width: configuration.breadth - 2 * configuration.margin, height: configuration.titleHeight)
        self.sectionStarts = sectionStarts
        self.sectionHeaders = sectionHeaders
    }
}
