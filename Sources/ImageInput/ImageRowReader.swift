import CImageStatus

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
    /// What `finish` found damaged but read past (see `ToleratedDamage`); empty before it.
    var readWarnings: [ImageWarning] { get }
}

extension ImageRowReader {
    /// Formats whose decoders tolerate no damage have none to tell.
    package var readWarnings: [ImageWarning] { [] }

    /// Decodes every row into one image, as stored (not turned upright), and
    /// finishes the decode.
    package func readImage() throws(ImageError) -> RGBAImage {
        precondition(rowsRead == 0, "readImage() reads from the first row")
        var pixels = [UInt8](repeating: 0, count: outputHeight * bytesPerRow)
        let result = pixels.withUnsafeMutableBytes { buffer in
            Result { () throws(ImageError) in try readRows(into: buffer, stride: bytesPerRow, count: outputHeight) }
        }
        try result.get()
        try finish()
        return RGBAImage(width: outputWidth, height: outputHeight, pixels: pixels)
    }

    /// The bytes of one delivered row: four a pixel.
    package var bytesPerRow: Int { outputWidth * 4 }

    /// Checks a `readRows` call against the rows left and the room in `destination`, and
    /// gives where its first row goes; nil when there is nothing to write.
    package func firstRow(in destination: UnsafeMutableRawBufferPointer, stride: Int, count: Int) -> UnsafeMutableRawPointer? {
        precondition(count >= 0 && rowsRead + count <= outputHeight, "cannot read past the last row")
        precondition(stride >= bytesPerRow && (count == 0 || destination.count >= stride * (count - 1) + bytesPerRow),
                     "destination too small for the rows asked for")
        return count > 0 ? destination.baseAddress : nil
    }

    /// Runs a C shim's row function for a `readRows` call, once the call is checked:
    /// `read` gets where the first row goes and returns the shim's status (`CIMAGE_OK`
    /// when there is nothing to read).
    package func readShimRows(
        into destination: UnsafeMutableRawBufferPointer, stride: Int, count: Int,
        _ read: (UnsafeMutablePointer<UInt8>) -> cimage_status
    ) -> cimage_status {
        guard let base = firstRow(in: destination, stride: stride, count: count) else { return CIMAGE_OK }
        return read(base.assumingMemoryBound(to: UInt8.self))
    }

    /// Copies `count` rows from the next one on, out of an image decoded whole whose rows
    /// are `sourceStride` bytes apart, to `base`, `stride` bytes apart.
    package func copyRows(from pixels: UnsafeRawPointer, sourceStride: Int, to base: UnsafeMutableRawPointer, stride: Int, count: Int) {
        for row in 0..<count {
            (base + row * stride).copyMemory(from: pixels + (rowsRead + row) * sourceStride, byteCount: bytesPerRow)
        }
    }

    /// Checks that `finish()` comes after the last row.
    package func checkFinishing() {
        precondition(rowsRead == outputHeight, "finish() comes after the last row")
    }

    /// The minimum size as a C shim takes it: clamped to 32 bits, and without one, more
    /// than any reduction can give, so the full size is chosen.
    package static func shimMinimum(_ minimumSize: (width: Int, height: Int)?) -> (width: UInt32, height: UInt32) {
        minimumSize.map { (UInt32(clamping: max($0.width, 0)), UInt32(clamping: max($0.height, 0))) } ?? (UInt32.max, UInt32.max)
    }
}
