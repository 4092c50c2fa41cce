import Layout

/// A sheet decided but not yet drawn: which sources go where, and which were skipped.
///
/// Making a plan reads only each source's header, so `--layout-only` and pixel tests
/// that check geometry never decode a pixel.
public struct SheetPlan: Sendable {
    public let options: SheetOptions
    /// The sources with a tile, in input order; `layout.tiles[i]` belongs to `sources[i]`.
    public let sources: [PlannedSource]
    public let layout: MasonryLayout
    /// Inputs that give no tile, with the reason, in the order met.
    public let skipped: [Manifest.SkippedSource]

    /// The manifest of the plan: every tile's source and rect, and the skipped inputs.
    public var manifest: Manifest {
        Manifest(
            width: layout.sheet.width, height: layout.sheet.height,
            direction: layout.configuration.direction, placement: layout.configuration.placement,
            lanes: layout.configuration.lanes, padding: layout.configuration.padding,
            margin: layout.configuration.margin, background: options.background.description,
            items: zip(sources, layout.tiles).map { source, tile in
                Manifest.Item(
                    source: source.path, rect: tile.rect, lane: tile.lane,
                    sourceSize: Size(width: source.header.width, height: source.header.height)
                )
            },
            skipped: skipped
        )
    }
}
