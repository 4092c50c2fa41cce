import ColorManagement
import Foundation
import Geometry
import Layout
import PinboardIO
import SheetManifest

/// A sheet decided but not yet drawn: which sources go where, and which were skipped.
///
/// Making a plan reads only each source's header, so `--layout-only` and pixel tests
/// that check geometry never decode a pixel.
public struct SheetPlan: Sendable {
    public let options: SheetOptions
    /// The sources with a tile, in input order; `layout.tiles[i]` belongs to `sources[i]`.
    public let sources: [PlannedSource]
    public let layout: any SheetLayout
    /// The mode that made `layout`, which lays out each page again when the sheet is split.
    public let arrangement: any Arrangement
    /// Inputs that give no tile, with the reason, in the order met.
    public let skipped: [Manifest.SkippedSource]
    /// The levelled bottom when `options.evenBottom` is set: cropped tiles, the new sheet size.
    public private(set) var evenBottom: EvenBottom?

    /// The font and sizes of the title and captions, when the options ask for them.
    let lettering: Lettering?
    /// Each section's name (its folder), in the order of `layout.sectionStarts`.
    public let sectionNames: [String]
    /// The conversions of the sources' colour profiles, built while probing and used again
    /// while rendering: one transform per distinct profile for the whole sheet.
    let colors: ColorTransformCache

    init(
        options: SheetOptions, sources: [PlannedSource], arrangement: any Arrangement, layout: any SheetLayout,
        skipped: [Manifest.SkippedSource],
        lettering: Lettering? = nil, sectionNames: [String] = [], colors: ColorTransformCache = ColorTransformCache()
    ) throws(PinboardError) {
        self.options = options
        self.colors = colors
        self.lettering = lettering
        self.sectionNames = sectionNames
        self.sources = sources
        self.arrangement = arrangement
        self.layout = layout
        self.skipped = skipped
        if options.evenBottom {
            do {
                evenBottom = try EvenBottom(layout, maxCropPercent: options.maxCropPercent)
            } catch {
                throw .layout(error)
            }
        }
    }

    /// Every tile where it is drawn, in input order (cropped and moved up under an even bottom).
    public var tiles: [Tile] { evenBottom?.tiles ?? layout.tiles }
    /// The sheet's size as drawn.
    public var sheet: Size { evenBottom?.sheet ?? layout.sheet }

    /// How the tile of source `index` is cut from its scaled source, centred: the rows the
    /// even bottom crops (half from the top, the rest from the bottom), or the cell a
    /// covering grid tile fills; nil when the tile shows its whole source.
    public func crop(of index: Int) -> TileCrop? {
        guard let evenBottom else { return layout.crop(of: index) }
        let rows = evenBottom.crops[index]
        guard rows > 0 else { return nil }
        let kept = evenBottom.tiles[index].rect
        return .centred(
            scaled: Size(width: kept.width, height: kept.height + rows), keeping: Size(width: kept.width, height: kept.height))
    }

    /// The tiles, as drawn, that meet `rect`, in input order.
    ///
    /// Levelling only moves tiles up, by at most what their lane lost, so the layout's own
    /// query over a rect grown downwards by that much finds every candidate.
    public func tiles(meeting rect: Rect) -> [Tile] {
        guard let evenBottom else { return layout.tiles(meeting: rect) }
        let grown = Rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height + evenBottom.largestLift)
        return layout.tiles(meeting: grown).map { evenBottom.tiles[$0.index] }.filter { tile in
            tile.rect.intersects(rect) || (tile.labelRect?.intersects(rect) ?? false)
        }
    }

    /// The manifest of the plan, before rendering: see `ManifestBuilder`.
    public var manifest: Manifest { ManifestBuilder.build(self, renderFailures: []) }

    /// Refuses an output path (sheet or manifest) that is one of the sources, whatever its
    /// spelling: writing there would destroy an input.
    ///
    /// - Throws: `PinboardError.outputIsInput`.
    public func refuseOverwritingSources(output: String) throws(PinboardError) {
        if sources.contains(where: { FileSystem.isSameFile($0.location, output) }) {
            throw .outputIsInput(path: output)
        }
    }
}
