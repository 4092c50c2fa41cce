import CJPEG
import ImageInput

/// Writes a baseline JPEG row by row with libjpeg-turbo, so a sheet far larger than
/// memory can be encoded while it is being composed.
///
/// The Huffman tables are optimised for the image (smaller files, same pixels). Rows
/// are 8-bit RGB; JPEG has no alpha, so a caller with RGBA composites it first.
///
/// libjpeg writes markers only before the first row, but a sheet's manifest is complete
/// only after the last one. So the compressed stream is spooled to an anonymous
/// temporary file (`tmpfile()`, on disk, constant memory whatever the height), and
/// `finish()` writes the real file: SOI and JFIF APP0, the segments `add(segment:)`
/// queued, then the rest of the spool (ICC APP2, tables, frame, scan, EOI). Nothing
/// reaches the destination before `finish()`, so its write errors come from there.
package final class JPEGWriter: ShimRowWriter {
    /// Chroma sampling: one chroma sample per 2×2 pixels (4:2:0) or per pixel (4:4:4).
    package enum Subsampling: Sendable {
        case s420
        case s444
    }

    /// The largest side a JPEG's frame header can hold.
    package static let maximumSide = 65_535

    package let width: Int
    package let height: Int
    package let name: String
    package let stream: ShimRowStream

    private let writer: OpaquePointer

    /// Starts the encoder over `fileDescriptor`, which the caller keeps owning.
    ///
    /// - Parameters:
    ///   - quality: libjpeg's quality, 1 to 100.
    ///   - iccProfile: embedded as an ICC_PROFILE APP2 chain when given.
    /// - Throws: `ImageError` naming `name` when memory or the temporary file cannot be had.
    package init(
        fileDescriptor: Int32, name: String, width: Int, height: Int, quality: Int = 90,
        subsampling: Subsampling = .s420, iccProfile: [UInt8]? = nil
    ) throws(ImageError) {
        precondition((1...Self.maximumSide).contains(width) && (1...Self.maximumSide).contains(height),
                     "JPEG sides are 1 to \(Self.maximumSide)")
        precondition((1...100).contains(quality), "quality is 1 to 100")
        self.width = width
        self.height = height
        self.name = name
        guard let writer = cjpeg_writer_create(fileDescriptor) else { throw ImageError(path: name, reason: .outOfMemory) }
        self.writer = writer
        stream = ShimRowStream(
            name: name, height: height, bytesPerRow: width * 3, writer: writer, writeRows: cjpeg_writer_write_rows,
            message: cjpeg_writer_message, errno: cjpeg_writer_errno, encoderFailure: JPEGFailure.encodeFailed,
            endsStream: { status in
                // A bad segment leaves the stream whole; anything else does not.
                status != CIMAGE_ERROR_ARGUMENT
            })
        try stream.start(iccProfile: iccProfile) { bytes, count in
            cjpeg_writer_start(writer, UInt32(width), UInt32(height), 3, Int32(quality), subsampling == .s420 ? 1 : 0, bytes, count)
        }
    }

    deinit {
        cjpeg_writer_destroy(writer)
    }

    /// Queues an application segment `0xFFE0 + application` to go right after the JFIF
    /// APP0, before the ICC profile and the image; allowed any time before `finish()`.
    ///
    /// - Parameter payload: at most 65,533 bytes, the segment's length field excluded.
    package func add(segment application: Int, payload: [UInt8]) throws(ImageError) {
        try stream.throwIfEnded()
        precondition((0...15).contains(application), "application segments are APP0 to APP15")
        try stream.check(payload.withUnsafeBufferPointer { bytes in
            cjpeg_writer_add_marker(writer, 0xE0 + Int32(application), bytes.baseAddress, bytes.count)
        })
    }

    /// Ends the stream after the last row and writes the whole file to the descriptor.
    ///
    /// - Throws: `ImageError.Reason.writeFailed` with the system's reason when the
    ///   destination refuses the bytes.
    package func finish() throws(ImageError) {
        try stream.throwIfEnded()
        precondition(rowsWritten == height, "finish() comes after the last row")
        try stream.check(cjpeg_writer_finish(writer))
    }
}
