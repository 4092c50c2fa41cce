import Foundation
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
                    sourceSize: source.size
                )
            },
            skipped: skipped
        )
    }

    /// Refuses an output path (sheet or manifest) that is one of the sources, whatever its
    /// spelling: writing there would destroy an input.
    ///
    /// - Throws: `PinboardError.outputIsInput`.
    public func refuseOverwritingSources(output: String) throws(PinboardError) {
        var target = stat()
        guard stat(output, &target) == 0 else { return }
        for source in sources {
            var candidate = stat()
            if stat(source.path, &candidate) == 0 && candidate.st_dev == target.st_dev && candidate.st_ino == target.st_ino {
                throw .outputIsInput(path: output)
            }
        }
    }
}
