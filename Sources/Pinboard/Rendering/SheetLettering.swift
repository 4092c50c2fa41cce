import Geometry
import Layout
import Raster
import SheetManifest

/// The text of one sheet as the band writer draws it: the title, the section headers and
/// the captions, each rendered once, when the first band meets it, and dropped after the
/// last.
struct SheetLettering {
    /// A piece of text ready to composite: premultiplied coverage and where it goes.
    typealias Drawn = (pixels: TilePixels, at: Rect)

    private let plan: SheetPlan
    private let lettering: Lettering
    private let title: Drawn?
    private var headers: [Int: Drawn?] = [:]
    private var captions: [Int: Drawn] = [:]

    /// `nil` when the plan has no title, captions or sections.
    init?(_ plan: SheetPlan) {
        guard let lettering = plan.lettering else { return nil }
        self.plan = plan
        self.lettering = lettering
        if let text = plan.options.title, let box = plan.layout.titleRect {
            title = lettering.draw(text, pixelSize: lettering.titleSize, in: box, indent: plan.options.padding)
        } else {
            title = nil
        }
    }

    /// Draws the title and the section headers that meet `bandRect` into `band`.
    mutating func drawBands(into band: inout Band, meeting bandRect: Rect) {
        if let title { band.composite(title.pixels, at: title.at) }
        for position in plan.layout.sectionHeaders(meeting: bandRect) where position < plan.sectionNames.count {
            if headers[position] == nil {
                headers[position] = lettering.draw(
                    plan.sectionNames[position], pixelSize: lettering.headerSize,
                    in: plan.layout.sectionHeaders[position], indent: plan.options.padding)
            }
            if let header = headers[position] ?? nil { band.composite(header.pixels, at: header.at) }
        }
    }

    /// Draws `tile`'s caption into `band`, rendering it the first time.
    mutating func drawCaption(of tile: Tile, into band: inout Band) {
        guard let box = tile.labelRect else { return }
        if captions[tile.index] == nil,
           let text = plan.options.label.caption(for: plan.sources[tile.index]),
           let drawn = lettering.draw(text, pixelSize: lettering.labelSize, in: box) {
            captions[tile.index] = drawn
        }
        if let caption = captions[tile.index] { band.composite(caption.pixels, at: caption.at) }
    }

    /// Forgets a tile's caption once no band below needs it.
    mutating func release(_ tile: Tile) {
        captions[tile.index] = nil
    }
}
