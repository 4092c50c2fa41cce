import PNGCodec
import Raster

/// Decodes one source and shrinks it to its tile, streaming: the source is never held
/// whole, only a band of its rows and the resampler's ring of rows.
enum TileRenderer {
    /// Source rows read per decoder call; enough to amortise the call, small enough to stay in cache.
    static let rowsPerRead = 16

    static func render(_ source: PlannedSource, width: Int, height: Int, filter: ResampleFilter, limits: DecodeLimits) -> Result<TilePixels, CodecError> {
        do throws(CodecError) {
            let reader = try PNGRowReader(path: source.path, limits: limits)
            // A source that changed since it was probed would no longer fit its planned tile.
            guard reader.header == source.header else {
                throw CodecError(path: source.path, reason: .corrupt("the file changed while the sheet was made"))
            }
            return .success(try resample(reader, width: width, height: height, filter: filter))
        } catch {
            return .failure(error)
        }
    }

    private static func resample(_ reader: PNGRowReader, width: Int, height: Int, filter: ResampleFilter) throws(CodecError) -> TilePixels {
        let sourceWidth = reader.header.width
        let sourceHeight = reader.header.height
        do {
            var tile = try TilePixels(width: width, height: height)
            var resampler = try Resampler(
                sourceWidth: sourceWidth, sourceHeight: sourceHeight,
                destinationWidth: width, destinationHeight: height, filter: filter
            )
            let bytesPerRow = reader.bytesPerRow
            let rows = UnsafeMutableRawBufferPointer.allocate(byteCount: rowsPerRead * bytesPerRow, alignment: 16)
            defer { rows.deallocate() }
            while reader.rowsRead < sourceHeight {
                let count = min(rowsPerRead, sourceHeight - reader.rowsRead)
                try reader.readRows(into: rows, stride: bytesPerRow, count: count)
                try resampler.push(UnsafeRawBufferPointer(rebasing: rows[0..<count * bytesPerRow]), into: &tile)
            }
            try reader.finish()
            return tile
        } catch let error as CodecError {
            throw error
        } catch {
            // Raster refuses only sizes the layout never produces; report it against the file anyway.
            throw CodecError(path: reader.path, reason: .corrupt("cannot resample: \(error)"))
        }
    }
}
