import Dispatch
import Geometry
import ImageInput
import Layout
import PinboardIO
import Raster
import SheetManifest
import SheetOutput

/// Draws a planned sheet band by band, top to bottom, into a `BandSink`.
///
/// A band is `bandRows` full-width rows. The rect query gives the tiles that meet it;
/// each tile is decoded and resampled once, on a worker thread, kept while bands still
/// cross it and freed after the last one. Memory therefore follows the sheet's width and
/// its tallest tiles, not the number of images or the sheet's height.
enum SheetRenderer {
    static let bandRows = 64

    /// What one rendering did besides drawing.
    struct Outcome {
        /// The sources whose pixels failed before a row was drawn: their tiles are left in
        /// the background, captions kept, in tile order.
        var failed: [Manifest.SkippedSource] = []
        /// The sources drawn in part, by source index.
        var drawnInPart: [Int: DrawnInPart] = [:]
        /// The damage decoders read past, by path.
        var warnings: [ImageWarning] = []
        /// The cuts an attention focus moved from the plan's, by source index.
        var movedCuts: [Int: TileCrop] = [:]
    }

    /// - Returns: what failed, what was drawn in part, what was read past and which cuts moved.
    /// - Throws: `PinboardError.decode` for the first such source under `strict`;
    ///   `.noTileDrawn` after the last band when every tile failed, so the caller never
    ///   finishes the sink and an atomic file is discarded; or what the sink throws.
    static func render(
        _ plan: SheetPlan, into sink: some SheetSink, progress: ((SheetProgress) -> Void)?
    ) throws(PinboardError) -> Outcome {
        let start = DispatchTime.now().uptimeNanoseconds
        let tiles = plan.tiles
        let sheet = plan.sheet
        let options = plan.options
        do {
            try sink.begin(SheetHeader(width: sheet.width, height: sheet.height, channels: ChannelLayout(background: options.background)))
        } catch {
            throw .cannotWrite(error)
        }
        let sources = plan.sources
        let warnings = ReadWarningLog()
        let queue = TileQueue(tiles: tiles, workers: options.jobs) { index in
            TileRenderer.render(
                sources[index], width: tiles[index].rect.width, height: tiles[index].rect.height, crop: plan.crop(of: index),
                focus: options.cropFocus, filter: options.filter, shrinkOnLoad: options.shrinkOnLoad, limits: options.limits,
                colors: options.convertsColorProfiles ? plan.colors : nil, background: options.background, warnings: warnings
            )
        }
        defer { queue.stop() }
        let topEdges = queue.order.map { tiles[$0].rect.y }
        let lookAhead = 2 * max(1, options.jobs)

        var lettering = SheetLettering(plan)
        var started = 0
        var held: [Int: TilePixels] = [:]
        var taken = Set<Int>()
        var outcome = Outcome()
        for bandTop in stride(from: 0, to: sheet.height, by: bandRows) {
            let bandRange = bandTop..<min(bandTop + bandRows, sheet.height)
            // Every tile starting above the band's end may be needed now; a few more keep workers busy.
            while started < topEdges.count && topEdges[started] < bandRange.upperBound { started += 1 }
            queue.advance(to: started + lookAhead)
            var band: Band
            do {
                band = try Band(width: sheet.width, rows: bandRange, background: options.background)
            } catch {
                throw .cannotWrite(WriteError(path: "<sheet>", reason: .encoder(error.description)))
            }
            let bandRect = Rect(x: 0, y: bandRange.lowerBound, width: sheet.width, height: bandRange.count)
            lettering?.drawBands(into: &band, meeting: bandRect)
            for tile in plan.tiles(meeting: bandRect) {
                let rect = Rect(x: tile.rect.x, y: tile.rect.y, width: tile.rect.width, height: tile.rect.height)
                if taken.insert(tile.index).inserted {
                    switch queue.take(tile.index) {
                    case .success(let rendered):
                        held[tile.index] = rendered.pixels
                        if let cut = rendered.cut, cut != plan.crop(of: tile.index) { outcome.movedCuts[tile.index] = cut }
                        if let partial = rendered.drawnInPart {
                            if options.strict { throw .decode(Manifest.SkippedSource(source: partial.source, reason: .image(partial.reason))) }
                            outcome.drawnInPart[tile.index] = partial
                        }
                    case .failure(let error):
                        if options.strict { throw .decode(error) }
                        outcome.failed.append(error)
                    }
                }
                // A tile whose source drew nothing is left in the background, its caption kept.
                if let pixels = held[tile.index] { band.composite(pixels, at: rect, cornerRadius: options.cornerRadius) }
                lettering?.drawCaption(of: tile, into: &band)
                if (tile.labelRect ?? tile.rect).maxY <= bandRange.upperBound {
                    held[tile.index] = nil
                    lettering?.release(tile)
                }
            }
            do {
                try sink.write(band)
            } catch {
                throw .cannotWrite(error)
            }
            progress?(SheetProgress(
                tilesDone: taken.count, tilesTotal: tiles.count, rowsDone: bandRange.upperBound,
                rowsTotal: sheet.height, elapsed: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            ))
        }
        if !outcome.failed.isEmpty && outcome.failed.count == tiles.count { throw .noTileDrawn(failures: outcome.failed) }
        outcome.warnings = warnings.sorted
        return outcome
    }
}
