/// Why Raster refused a request, with the sizes that did not fit.
package enum RasterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An image, tile or band was asked for with no pixels, or a negative size.
    case invalidSize(width: Int, height: Int)
    /// An image's pixel buffer does not hold `width × height` RGBA pixels.
    case pixelBufferSize(byteCount: Int, width: Int, height: Int)
    /// Rows were pushed in a buffer that is not a whole number of source rows.
    case partialRow(byteCount: Int, rowByteCount: Int)
    /// More rows were pushed than the source has.
    case tooManyRows(pushed: Int, sourceHeight: Int)
    /// A resampler was asked to fill a tile of another size than its destination.
    case tileSizeMismatch(tileWidth: Int, tileHeight: Int, destinationWidth: Int, destinationHeight: Int)

    package var description: String {
        switch self {
        case let .invalidSize(width, height):
            return "\(width)x\(height) is not a size an image can have: both sides need at least 1 px"
        case let .pixelBufferSize(byteCount, width, height):
            return "a \(width)x\(height) RGBA image needs \(width * height * 4) bytes, got \(byteCount)"
        case let .partialRow(byteCount, rowByteCount):
            return "\(byteCount) bytes is not a whole number of \(rowByteCount)-byte source rows"
        case let .tooManyRows(pushed, sourceHeight):
            return "\(pushed) rows were pushed into a resampler for a source of \(sourceHeight) rows"
        case let .tileSizeMismatch(tileWidth, tileHeight, destinationWidth, destinationHeight):
            return "a \(tileWidth)x\(tileHeight) tile cannot take the rows of a "
                + "\(destinationWidth)x\(destinationHeight) resample"
        }
    }
}
