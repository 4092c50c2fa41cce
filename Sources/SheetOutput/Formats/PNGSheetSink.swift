import ImageInput
import PNGCodec
import PinboardIO
import Raster
import SheetManifest

/// Streams bands into PNGCodec's parallel writer, so the sheet never exists whole; the
/// manifest goes in as iTXt chunks after the image data (`ManifestChunk`).
///
/// This is the one place a PNG writer is set up for a sheet, a diff sheet or a crop.
public final class PNGSheetSink: SheetSink {
    private let fileDescriptor: Int32
    private let name: String
    private let compression: Int
    private let threads: Int
    private var writer: PNGWriter?

    /// - Parameters:
    ///   - fileDescriptor: an open descriptor the caller keeps owning (an `AtomicOutput`'s,
    ///     stdout, a temporary file).
    ///   - name: what errors call the output.
    ///   - compression: zlib's level, 0 to 9 (see `PNGWriter`).
    ///   - threads: how many threads deflate; the bytes do not depend on it.
    public init(fileDescriptor: Int32, name: String, compression: Int = 6, threads: Int = 1) {
        self.fileDescriptor = fileDescriptor
        self.name = name
        self.compression = compression
        self.threads = threads
    }

    public func begin(_ header: SheetHeader) throws(WriteError) {
        writer = try encoding { () throws(ImageError) in
            try PNGWriter(
                to: .fileDescriptor(fileDescriptor, name: name), width: header.width, height: header.height,
                channels: header.channels, compression: compression, threads: threads)
        }
    }

    public func write(_ band: Band) throws(WriteError) {
        let writer = try started()
        try encoding { () throws(ImageError) in
            try band.withUnsafeBytes { (rows: UnsafeRawBufferPointer) throws(ImageError) in
                try writer.write(rows: rows, stride: band.bytesPerRow, count: band.rows.count)
            }
        }
    }

    public func finish(manifest: Manifest?) throws(WriteError) {
        let writer = try started()
        try encoding { () throws(ImageError) in
            for text in manifest.map(ManifestChunk.texts) ?? [] { try writer.add(text: text) }
            try writer.finish()
        }
    }

    private func started() throws(WriteError) -> PNGWriter {
        guard let writer else { throw WriteError(path: name, reason: .encoder("no sheet was begun")) }
        return writer
    }

    /// Runs a step of the writer, its `ImageError` as this output's `WriteError`.
    private func encoding<Value>(_ step: () throws(ImageError) -> Value) throws(WriteError) -> Value {
        do {
            return try step()
        } catch {
            throw WriteError(path: name, reason: .encoder(error.reason.description))
        }
    }
}
