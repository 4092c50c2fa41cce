/// A decode in progress that hands out 8-bit straight RGBA rows, top to bottom, as stored
/// (before orientation): what the tile resampler streams from.
///
/// Memory follows the rows asked for, not the image, wherever the format allows.
public protocol ImageRowReader: AnyObject {
    /// The stored size the decoder found in the header, before any reduction: lets a
    /// caller check that the file is still the one it probed.
    var storedWidth: Int { get }
    var storedHeight: Int { get }
    /// The decoded size, after any reduction on load and before orientation.
    var outputWidth: Int { get }
    var outputHeight: Int { get }
    /// How the delivered rows must be turned to stand upright.
    var orientation: Orientation { get }
    /// Rows delivered so far; the next call starts at this row.
    var rowsRead: Int { get }
    /// Decodes the next `count` rows into `destination`, `stride` bytes apart.
    ///
    /// - Parameters:
    ///   - destination: room for `count` rows of `stride` bytes (the last row needs only
    ///     `outputWidth * 4`).
    ///   - stride: at least `outputWidth * 4`.
    func readRows(into destination: UnsafeMutableRawBufferPointer, stride: Int, count: Int) throws(ImageError)
    /// Reads what follows the last row, so damage after it is reported, not ignored.
    func finish() throws(ImageError)
}

extension ImageRowReader {
    /// Decodes every row into one image, as stored (not turned upright), and
    /// finishes the decode.
    public func readImage() throws(ImageError) -> RGBAImage {
        precondition(rowsRead == 0, "readImage() reads from the first row")
        let bytesPerRow = outputWidth * 4
        var pixels = [UInt8](repeating: 0, count: outputHeight * bytesPerRow)
        let result = pixels.withUnsafeMutableBytes { buffer in
            Result { () throws(ImageError) in try readRows(into: buffer, stride: bytesPerRow, count: outputHeight) }
        }
        try result.get()
        try finish()
        return RGBAImage(width: outputWidth, height: outputHeight, pixels: pixels)
    }
}
