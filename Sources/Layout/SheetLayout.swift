import Geometry

/// A sheet's arrangement once made: where every source's tile is, how large the sheet is,
/// and the two questions a compositor asks of each band of output rows.
///
/// Everything after layout — planning, pagination, the even bottom, rendering, the
/// manifest, pixel comparisons — reads a layout through this protocol, so a new mode is
/// one type that conforms and one `Arrangement` that makes it.
public protocol SheetLayout: Sendable {
    /// The settings shared by every mode: breadth, padding, margin, direction, the title's,
    /// captions' and section headers' rows.
    var configuration: LayoutConfiguration { get }
    /// The tiles, the sheet's size and the bands, as the mode placed them.
    var placed: PlacedSheet { get }
    /// The tiles whose image or caption shares at least one pixel with `rect`, in input order.
    func tiles(meeting rect: Rect) -> [Tile]
    /// The sections whose header band shares at least one pixel with `rect`: positions in
    /// `sectionHeaders`, in order.
    func sectionHeaders(meeting rect: Rect) -> Range<Int>
    /// The mode and its settings as laid out (the arrangement's `mode`): what a manifest records.
    var mode: LayoutMode { get }
    /// How the tile of source `index` is cut from its scaled source; nil when the tile shows
    /// all of it.
    func crop(of index: Int) -> TileCrop?
    /// The cell the tile of source `index` was fitted into, in modes that have cells; nil otherwise.
    func cell(of index: Int) -> Rect?
}

extension SheetLayout {
    /// The sources' sizes, in input order.
    public var sources: [Size] { placed.sources }
    /// One tile per source, in input order: `tiles[i].index == i`.
    public var tiles: [Tile] { placed.tiles }
    /// The whole sheet, margins included.
    public var sheet: Size { placed.sheet }
    /// The band for the sheet's title; nil without a title.
    public var titleRect: Rect? { placed.titleRect }
    /// Each section's first source, increasing from 0; empty when the layout has no sections.
    public var sectionStarts: [Int] { placed.sectionStarts }
    /// Each section's header band, one per section start.
    public var sectionHeaders: [Rect] { placed.sectionHeaders }

    public func crop(of index: Int) -> TileCrop? { nil }

    public func cell(of index: Int) -> Rect? { nil }

    /// The sheet's extent along its lanes: its height, or its width when horizontal.
    public var length: Int { configuration.direction.length(of: sheet) }
}
