import CImageStatus

/// The rows an encoder hands to its C shim, and the failure that ended them: written once
/// for every writer whose shim answers each call with a status (PNG, JPEG, TIFF).
///
/// It checks each batch against the image, calls the shim, counts the rows once the shim
/// has them, turns a status into an error naming the output, and keeps that error when
/// the format says the stream is lost, so every later call throws it again. A writer
/// gives its shim's entry points and its own words for the encoder's refusal.
package final class ShimRowStream {
    package let height: Int
    /// Bytes in one row of pixels.
    package let bytesPerRow: Int
    package private(set) var rowsWritten = 0
    /// The error that ended the stream, thrown again by every later call.
    package private(set) var failure: ImageError?

    private let name: String
    private let writer: OpaquePointer
    private let writeRows: (OpaquePointer?, UnsafePointer<UInt8>?, Int, UInt32) -> cimage_status
    private let message: (OpaquePointer?) -> UnsafePointer<CChar>?
    private let errno: (OpaquePointer?) -> Int32
    private let encoderFailure: (String) -> any FormatFailure
    private let endsStream: (cimage_status) -> Bool

    /// - Parameters:
    ///   - name: what errors call the output.
    ///   - writer: the shim's writer, which the caller keeps owning.
    ///   - encoderFailure: the format's failure for a status other than I/O or memory.
    ///   - endsStream: whether a failure with this status leaves the stream unusable.
    package init(
        name: String, height: Int, bytesPerRow: Int, writer: OpaquePointer,
        writeRows: @escaping (OpaquePointer?, UnsafePointer<UInt8>?, Int, UInt32) -> cimage_status,
        message: @escaping (OpaquePointer?) -> UnsafePointer<CChar>?,
        errno: @escaping (OpaquePointer?) -> Int32,
        encoderFailure: @escaping (String) -> any FormatFailure,
        endsStream: @escaping (cimage_status) -> Bool
    ) {
        (self.name, self.height, self.bytesPerRow, self.writer) = (name, height, bytesPerRow, writer)
        (self.writeRows, self.message, self.errno) = (writeRows, message, errno)
        (self.encoderFailure, self.endsStream) = (encoderFailure, endsStream)
    }

    /// Hands `count` rows read from `source`, `stride` bytes apart, to the shim.
    ///
    /// Rows past the image's last, or a buffer too small for them, are a caller's bug rather
    /// than bad input, so they trap.
    ///
    /// - Throws: the error that ended the stream before, or what the shim's status means.
    package func write(rows source: UnsafeRawBufferPointer, stride: Int, count: Int) throws(ImageError) {
        try throwIfEnded()
        precondition(count >= 0 && rowsWritten + count <= height, "cannot write past the last row")
        precondition(stride >= bytesPerRow && (count == 0 || source.count >= stride * (count - 1) + bytesPerRow),
                     "source too small for the rows given")
        guard count > 0, let base = source.baseAddress else { return }
        try check(writeRows(writer, base.assumingMemoryBound(to: UInt8.self), stride, UInt32(count)))
        rowsWritten += count
    }

    /// Starts the shim through `start`, given the bytes and count of `iccProfile` (none
    /// when it is nil) to embed.
    ///
    /// - Throws: what the shim's status means.
    package func start(iccProfile: [UInt8]?, _ start: (UnsafePointer<UInt8>?, Int) -> cimage_status) throws(ImageError) {
        try check((iccProfile ?? []).withUnsafeBufferPointer { start($0.baseAddress, $0.count) })
    }

    /// Throws the error that ended the stream, if one did.
    package func throwIfEnded() throws(ImageError) {
        if let failure { throw failure }
    }

    /// Throws the error `status` means, naming the output; returns when it is `CIMAGE_OK`.
    package func check(_ status: cimage_status) throws(ImageError) {
        guard let shim = ShimFailure(status: status, message: message(writer).map { String(cString: $0) } ?? "") else { return }
        let error = ImageError(path: name, reason: shim.writeReason(errno: errno(writer), encoderFailure: encoderFailure))
        if endsStream(status) { failure = error }
        throw error
    }
}
