import CTIFF
import Geometry
import ImageInput

/// Writes a tiled TIFF row by row with libtiff: 256×256 tiles, 8-bit RGB or RGBA with
/// unassociated (straight) alpha, deflate with the horizontal predictor or none, and
/// BigTIFF's 64-bit offsets when the raw pixels pass `bigTIFFThreshold`, so a sheet of
/// any size fits.
///
/// Memory is one row of tiles (256 rows × the width) whatever the height: rows are kept
/// until a row of tiles is full, then its tiles are written. The directory (tags, tile
/// offsets) is written by `finish()`, which is why a text known only at the end
/// (`finish(description:)`) still goes in. libtiff seeks to write, so the descriptor
/// must be a file, not a pipe.
package final class TIFFWriter: ShimRowWriter {
    /// Raw pixel bytes beyond which classic TIFF's 32-bit offsets may not reach the last
    /// tile (4 GiB less room for the compressed data's worst case and the directory).
    package static let bigTIFFThreshold: UInt64 = 4_000_000_000

    package let width: Int
    package let height: Int
    package let channels: ChannelLayout
    package let name: String
    /// Whether the file is a BigTIFF.
    package let isBig: Bool
    package let stream: ShimRowStream

    private let writer: OpaquePointer

    /// Writes the header over `fileDescriptor`, which the caller keeps owning.
    ///
    /// - Parameters:
    ///   - compression: 0 (none) or a deflate level 1 to 9.
    ///   - iccProfile: stored as the ICC profile tag (34675) when given.
    /// - Throws: `ImageError` when the descriptor cannot be written or seeked, or memory
    ///   for a row of tiles cannot be had.
    package init(
        fileDescriptor: Int32, name: String, width: Int, height: Int, channels: ChannelLayout,
        compression: Int = 6, iccProfile: [UInt8]? = nil
    ) throws(ImageError) {
        precondition((1...Int(UInt32.max)).contains(width) && (1...Int(UInt32.max)).contains(height), "TIFF sides are 1 to 2^32-1")
        precondition((0...9).contains(compression), "compression is 0 (none) or a deflate level 1 to 9")
        self.width = width
        self.height = height
        self.channels = channels
        self.name = name
        isBig = UInt64(width) * UInt64(height) * UInt64(channels.channelCount) > Self.bigTIFFThreshold
        guard let writer = ctiff_writer_create(fileDescriptor) else { throw ImageError(path: name, reason: .outOfMemory) }
        self.writer = writer
        stream = ShimRowStream(
            name: name, height: height, bytesPerRow: width * channels.channelCount, writer: writer,
            writeRows: ctiff_writer_write_rows, message: ctiff_writer_message, errno: ctiff_writer_errno,
            encoderFailure: TIFFFailure.encodeFailed, endsStream: { _ in true })
        let big: Int32 = isBig ? 1 : 0
        try stream.start(iccProfile: iccProfile) { bytes, count in
            ctiff_writer_start(writer, UInt32(width), UInt32(height), Int32(channels.channelCount), Int32(compression), big, bytes, count)
        }
    }

    deinit {
        ctiff_writer_destroy(writer)
    }

    /// After the last row: stores `description` as ImageDescription (270), writes the
    /// directory and ends the TIFF.
    package func finish(description: String? = nil) throws(ImageError) {
        try stream.throwIfEnded()
        precondition(rowsWritten == height, "finish() comes after the last row")
        let status = if let description {
            description.withCString { ctiff_writer_finish(writer, $0) }
        } else {
            ctiff_writer_finish(writer, nil)
        }
        try stream.check(status)
    }
}
