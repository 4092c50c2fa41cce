/// Rows handed to an encoder (PNG, JPEG, TIFF), checked the same way for every writer.
public enum RowBatch {
    /// The first of `count` rows in `source`, `stride` bytes apart, or nil when there are
    /// none.
    ///
    /// Rows past the image's last, or a buffer too small for them, are a caller's bug rather
    /// than bad input, so they trap.
    public static func start(
        of source: UnsafeRawBufferPointer, stride: Int, count: Int, bytesPerRow: Int, rowsWritten: Int, height: Int
    ) -> UnsafePointer<UInt8>? {
        precondition(count >= 0 && rowsWritten + count <= height, "cannot write past the last row")
        precondition(stride >= bytesPerRow && (count == 0 || source.count >= stride * (count - 1) + bytesPerRow),
                     "source too small for the rows given")
        guard count > 0, let base = source.baseAddress else { return nil }
        return UnsafePointer(base.assumingMemoryBound(to: UInt8.self))
    }
}
