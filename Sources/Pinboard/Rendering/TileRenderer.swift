import ColorManagement
import Geometry
import ImageFormats
import ImageInput
import Layout
import Raster
import SheetManifest

/// Decodes one source and shrinks it to its tile.
///
/// A source stored upright, of any format, is streamed: only a band of source rows and the
/// resampler's ring of rows exist at once. It is first reduced on load where its format
/// can (JPEG's DCT scale of 1/2, 1/4 or 1/8, WebP's scaled decode, a HEIF thumbnail) to
/// the smallest size still at least as large as its tile; one its file says to turn
/// (EXIF, TIFF's orientation tag) is then decoded whole at that size, turned upright, and
/// resampled. An embedded colour
/// profile is converted to sRGB on the decoded rows, before resampling, so the filter
/// works on the colours the sheet shows.
enum TileRenderer {
    /// Source rows read per decoder call; enough to amortise the call, small enough to stay in cache.
    static let rowsPerRead = 16

    /// Renders the tile `width × height`; with a `crop`, the source is scaled to its
    /// `scaled` size and the tile cut from it where `focus` says: at the crop's own
    /// (centred) place, or around the point of attention.
    ///
    /// - Parameters:
    ///   - colors: the conversions of embedded profiles; nil leaves samples as they are.
    ///   - warnings: where damage the decoder read past is told.
    ///   - background: what the rows a failed decode leaves undrawn show.
    static func render(
        _ source: PlannedSource, width: Int, height: Int, crop: TileCrop?, focus: CropFocus, filter: ResampleFilter,
        shrinkOnLoad: Bool, limits: DecodeLimits, colors: ColorTransformCache?, background: Color, warnings: ReadWarningLog
    ) -> Result<RenderedTile, Manifest.SkippedSource> {
        let scaled = crop?.scaled ?? Size(width: width, height: height)
        return render(source, width: scaled.width, height: scaled.height, filter: filter, shrinkOnLoad: shrinkOnLoad,
                      limits: limits, colors: colors, background: background, warnings: warnings)
            .flatMap { (tile, partial) in
                guard var crop else { return .success(RenderedTile(pixels: tile, cut: nil, drawnInPart: partial)) }
                if focus == .attention {
                    let origin = AttentionFocus.origin(in: tile, keeping: Size(width: width, height: height))
                    crop = TileCrop(scaled: scaled, x: origin.x, y: origin.y)
                }
                do {
                    let kept = try tile.region(Rect(x: crop.x, y: crop.y, width: width, height: height))
                    return .success(RenderedTile(pixels: kept, cut: crop, drawnInPart: partial))
                } catch {
                    return .failure(Manifest.SkippedSource(source: source.path, reason: .render(.crop, detail: "\(error)")))
                }
            }
    }

    private static func render(
        _ source: PlannedSource, width: Int, height: Int, filter: ResampleFilter, shrinkOnLoad: Bool, limits: DecodeLimits,
        colors: ColorTransformCache?, background: Color, warnings: ReadWarningLog
    ) -> Result<(TilePixels, DrawnInPart?), Manifest.SkippedSource> {
        do {
            switch source.format {
            case .image(let info):
                let orientation = info.orientation
                let stored = orientation.swapsDimensions ? (width: height, height: width) : (width: width, height: height)
                let reader = try ImageRegistry.pinboard.openRows(
                    path: source.location, info: info, minimumSize: shrinkOnLoad ? stored : nil, limits: limits
                )
                let transform = info.color.flatMap { colors?.conversion(for: $0).transform }
                defer { warnings.add(reader.readWarnings) }
                if reader.orientation == .identity {
                    let (tile, rowsDrawn) = try stream(
                        reader, width: width, height: height, filter: filter, transform: transform, background: background)
                    return .success((tile, rowsDrawn.map { rows, error in
                        DrawnInPart(source: source.path, rowsDrawn: rows, rowsTotal: reader.outputHeight, reason: error.reason)
                    }))
                }
                var image = try reader.readImage()
                try transform?.apply(to: &image)
                return .success((try resample(reader.orientation.apply(to: image), width: width, height: height, filter: filter), nil))
            case .block(let color, _):
                let pixel = [color.red, color.green, color.blue, color.alpha]
                let image = try Raster.RGBAImage(
                    width: width, height: height,
                    pixels: Array((0..<width * height).lazy.flatMap { _ in pixel })
                )
                return .success((TilePixels(image), nil))
            }
        } catch let error as ImageError {
            // The error names the path it was opened by, which is not the source's name for
            // a path that is not UTF-8 (see `Source.location`).
            return .failure(Manifest.SkippedSource(source: source.path, reason: .image(error.reason)))
        } catch let error as Manifest.SkippedSource {
            return .failure(error)
        } catch let error as ColorError {
            return .failure(Manifest.SkippedSource(source: source.path, reason: .color(error)))
        } catch {
            // Raster refuses only sizes the layout never produces; report it against the file anyway.
            return .failure(Manifest.SkippedSource(source: source.path, reason: .render(.resample, detail: "\(error)")))
        }
    }

    /// Pushes the reader's rows through a resampler a few at a time. When the decoder fails
    /// after some rows, the rest are the background's and the tile is finished with them.
    ///
    /// - Returns: the tile, and the rows drawn and the decoder's error when it failed partway.
    /// - Throws: the decoder's error when it fails before the first row.
    private static func stream(
        _ reader: any ImageRowReader, width: Int, height: Int, filter: ResampleFilter, transform: ColorTransform?,
        background: Color
    ) throws -> (TilePixels, (rows: Int, error: ImageError)?) {
        var tile = try TilePixels(width: width, height: height)
        var resampler = try Resampler(
            sourceWidth: reader.outputWidth, sourceHeight: reader.outputHeight,
            destinationWidth: width, destinationHeight: height, filter: filter
        )
        let bytesPerRow = reader.outputWidth * 4
        let rows = UnsafeMutableRawBufferPointer.allocate(byteCount: rowsPerRead * bytesPerRow, alignment: 16)
        defer { rows.deallocate() }
        while reader.rowsRead < reader.outputHeight {
            let before = reader.rowsRead
            let count = min(rowsPerRead, reader.outputHeight - before)
            do {
                try reader.readRows(into: rows, stride: bytesPerRow, count: count)
            } catch {
                guard before > 0 else { throw error }
                try fill(reader.outputHeight - before, rows: rows, stride: bytesPerRow, with: background, into: &resampler, tile: &tile)
                return (tile, (before, error))
            }
            try transform?.apply(to: rows, stride: bytesPerRow, width: reader.outputWidth, count: count)
            try resampler.push(UnsafeRawBufferPointer(rebasing: rows[0..<count * bytesPerRow]), into: &tile)
        }
        try reader.finish()
        return (tile, nil)
    }

    /// Pushes `count` rows of `color` (straight RGBA) through the resampler, `rows` a batch at a time.
    private static func fill(
        _ count: Int, rows: UnsafeMutableRawBufferPointer, stride: Int, with color: Color, into resampler: inout Resampler,
        tile: inout TilePixels
    ) throws {
        let batch = rows.count / stride
        for pixel in 0..<batch * stride / 4 {
            rows[4 * pixel] = color.red
            rows[4 * pixel + 1] = color.green
            rows[4 * pixel + 2] = color.blue
            rows[4 * pixel + 3] = color.alpha
        }
        var left = count
        while left > 0 {
            let now = min(batch, left)
            try resampler.push(UnsafeRawBufferPointer(rebasing: rows[0..<now * stride]), into: &tile)
            left -= now
        }
    }

    private static func resample(_ image: ImageInput.RGBAImage, width: Int, height: Int, filter: ResampleFilter) throws -> TilePixels {
        var tile = try TilePixels(width: width, height: height)
        var resampler = try Resampler(
            sourceWidth: image.width, sourceHeight: image.height,
            destinationWidth: width, destinationHeight: height, filter: filter
        )
        try image.pixels.withUnsafeBytes { _ = try resampler.push($0, into: &tile) }
        return tile
    }
}
