/// A writer whose rows go to its C shim through a `ShimRowStream` (PNG, JPEG, TIFF): the
/// row count, the row size and the writing of rows, given once here for all of them.
///
/// A writer keeps the rest itself: its shim's start and finish, what its format adds
/// between them, and its `deinit`, which destroys the shim before anything the writer
/// owns (a descriptor) is closed.
package protocol ShimRowWriter: AnyObject {
    /// The rows given so far and the error that ended them.
    var stream: ShimRowStream { get }
}

extension ShimRowWriter {
    package var rowsWritten: Int { stream.rowsWritten }

    /// Bytes in one row of pixels.
    package var bytesPerRow: Int { stream.bytesPerRow }

    /// Hands `count` rows read from `source`, `stride` bytes apart, to the encoder;
    /// `source` can be reused as soon as this returns.
    ///
    /// - Throws: `ImageError` with `.writeFailed` and the system's reason (a closed pipe,
    ///   a full disk, a temporary file that cannot take the rows); the writer cannot be used
    ///   after that, and every later call throws the same error.
    package func write(rows source: UnsafeRawBufferPointer, stride: Int, count: Int) throws(ImageError) {
        try stream.write(rows: source, stride: stride, count: count)
    }
}
