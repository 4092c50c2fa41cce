import ImageInput
import PinboardIO
import Raster
import SheetManifest
import TIFFCodec
#if canImport(Glibc)
import Glibc
#endif

/// Streams bands into TIFFCodec's tiled writer: 256×256 tiles, deflate at the settings'
/// level (0 stores them), RGB or RGBA with straight alpha as the header says, BigTIFF
/// past 4 GB of pixels, tagged sRGB by an embedded ICC profile. The manifest's JSON is
/// the ImageDescription, set in `finish`, before libtiff writes the directory
/// (`TIFFManifest` reads it back).
///
/// libtiff seeks while it writes, so anything but a regular file (a pipe, `-o -`, a FIFO, a
/// device) is written through a spool: an anonymous temporary file holds the TIFF, copied
/// to the descriptor in order once it is finished. A device may accept a seek and still
/// not be a place to write out of order, so what is asked is not whether it seeks.
public final class TIFFSheetSink: SheetSink {
    private let fileDescriptor: Int32
    private let name: String
    private let compression: Int
    private var writer: TIFFWriter?
    /// The spool when the descriptor is no regular file; nil when libtiff writes the file itself.
    private var spool: UnsafeMutablePointer<FILE>?

    /// - Parameters:
    ///   - fileDescriptor: an open descriptor of a file the caller keeps owning.
    ///   - name: what errors call the output.
    ///   - compression: 0 (none) or a deflate level 1 to 9.
    public init(fileDescriptor: Int32, name: String, compression: Int = 6) {
        self.fileDescriptor = fileDescriptor
        self.name = name
        self.compression = compression
    }

    public func begin(_ header: SheetHeader) throws(WriteError) {
        guard (0...9).contains(compression) else {
            throw WriteError(path: name, reason: .refused("TIFF compression is 0 (none) or a deflate level 1 to 9, not \(compression)"))
        }
        var target = fileDescriptor
        var status = stat()
        if fstat(fileDescriptor, &status) != 0 || status.st_mode & S_IFMT != S_IFREG {
            guard let file = tmpfile() else { throw WriteError(path: name, reason: .system(errno: errno)) }
            spool = file
            target = fileno(file)
        }
        let profile = try EncoderStep.srgbProfile(for: name)
        writer = try EncoderStep.run(for: name) { () throws(ImageError) in
            try TIFFWriter(
                fileDescriptor: target, name: name, width: header.width, height: header.height,
                channels: header.channels, compression: compression, iccProfile: profile)
        }
    }

    public func write(_ band: Band) throws(WriteError) {
        let writer = try started()
        try EncoderStep.run(for: name) { () throws(ImageError) in
            try band.withUnsafeBytes { (rows: UnsafeRawBufferPointer) throws(ImageError) in
                try writer.write(rows: rows, stride: band.bytesPerRow, count: band.rows.count)
            }
        }
    }

    public func finish(manifest: Manifest?) throws(WriteError) {
        let writer = try started()
        try EncoderStep.run(for: name) { () throws(ImageError) in
            try writer.finish(description: manifest?.jsonText())
        }
        if let spool {
            try DescriptorOutput.copy(fileDescriptor: fileno(spool), toFileDescriptor: fileDescriptor, name: name)
        }
    }

    deinit {
        if let spool { fclose(spool) }
    }

    private func started() throws(WriteError) -> TIFFWriter {
        guard let writer else { throw WriteError(path: name, reason: .encoder("no sheet was begun")) }
        return writer
    }
}
