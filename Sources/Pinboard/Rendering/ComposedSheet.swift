#if canImport(Glibc)
import Glibc
import ImageInput
#endif
import Layout
import PNGCodec
import Raster

/// A whole sheet in memory, for tests that compare pixels without touching the disk.
///
/// Rows are top to bottom with no padding: RGB when the background is opaque, straight
/// RGBA otherwise, exactly the bytes the PNG would hold.
public struct ComposedSheet: Sendable, BandSink {
    public let width: Int
    public let height: Int
    public let format: Band.Format
    public private(set) var pixels: [UInt8] = []
    /// The layout of every tile, with the sources that failed while rendering among `skipped`.
    public internal(set) var manifest: Manifest

    package init(width: Int, height: Int, format: Band.Format, manifest: Manifest) {
        self.width = width
        self.height = height
        self.format = format
        self.manifest = manifest
        pixels.reserveCapacity(width * height * format.channelCount)
    }

    public var bytesPerRow: Int { width * format.channelCount }

    /// The colour at sheet coordinates, alpha 255 for RGB sheets.
    public func color(x: Int, y: Int) -> Color {
        let offset = y * bytesPerRow + x * format.channelCount
        return Color(
            red: pixels[offset], green: pixels[offset + 1], blue: pixels[offset + 2],
            alpha: format == .rgba ? pixels[offset + 3] : 255
        )
    }

    /// The sheet as PNG bytes, its manifest embedded as in a written sheet: for a test to
    /// attach to its report, or to keep as the next golden.
    ///
    /// - Parameter compression: zlib's level, 0 to 9.
    /// - Throws: `PinboardError.cannotWrite` when the temporary file it is encoded through fails.
    public func pngData(compression: Int = 6) throws(PinboardError) -> [UInt8] {
        // Encoded through an anonymous temporary file: the writer streams to a descriptor.
        guard let file = tmpfile() else { throw .cannotWrite(path: "<memory>", reason: String(cString: strerror(errno))) }
        defer { fclose(file) }
        let fd = fileno(file)
        do {
            let writer = try PNGWriter(
                to: .fileDescriptor(fd, name: "<memory>"), width: width, height: height,
                channels: format == .rgb ? .rgb : .rgba, compression: compression)
            // Array's `withUnsafeBytes` rethrows untyped errors, so the typed one rides in a Result.
            try pixels.withUnsafeBytes { rows in
                Result { () throws(ImageError) in try writer.write(rows: rows, stride: bytesPerRow, count: height) }
            }.get()
            try writer.add(text: EmbeddedManifest.text(of: manifest))
            try writer.finish()
        } catch {
            throw .cannotWrite(path: "<memory>", reason: error.reason.description)
        }
        let size = Int(lseek(fd, 0, SEEK_END))
        var bytes = [UInt8](repeating: 0, count: max(size, 0))
        let read = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard read == size else { throw .cannotWrite(path: "<memory>", reason: "the encoded sheet could not be read back") }
        return bytes
    }

    /// Appends rows already in the sheet's format, `bytesPerRow` bytes each.
    package mutating func append(rows: UnsafeRawBufferPointer) {
        pixels.append(contentsOf: rows)
    }

    public mutating func write(_ band: Band) throws(PinboardError) {
        band.withUnsafeBytes { pixels.append(contentsOf: $0) }
    }
}
