#if canImport(Glibc)
import Glibc
#endif
import Geometry
import PinboardIO
import Raster
import SheetManifest

/// A whole sheet in memory, for tests that compare pixels without touching the disk.
///
/// Rows are top to bottom with no padding: RGB when the background is opaque, straight
/// RGBA otherwise, exactly the bytes the PNG would hold. `MemorySheetSink` makes one.
public struct ComposedSheet: Sendable {
    public let width: Int
    public let height: Int
    public let format: ChannelLayout
    public internal(set) var pixels: [UInt8]
    /// The layout of every tile, with the sources that failed while rendering among `skipped`.
    public internal(set) var manifest: Manifest

    init(header: SheetHeader, manifest: Manifest) {
        width = header.width
        height = header.height
        format = header.channels
        self.manifest = manifest
        pixels = []
        pixels.reserveCapacity(header.bytesPerRow * header.height)
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

    /// The sheet's rows as one band, for handing to any sink.
    public func band() throws(WriteError) -> Band {
        do {
            return try Band(
                width: width, rows: 0..<height, format: format, pixels: pixels,
                background: format == .rgb ? .white : .transparent)
        } catch {
            throw WriteError(path: Self.name, reason: .encoder(error.description))
        }
    }

    /// The sheet as PNG bytes, its manifest embedded as in a written sheet: for a test to
    /// attach to its report, or to keep as the next golden.
    ///
    /// - Parameter compression: zlib's level, 0 to 9.
    /// - Throws: `WriteError` when the temporary file it is encoded through fails.
    public func pngData(compression: Int = 6) throws(WriteError) -> [UInt8] {
        // Encoded through an anonymous temporary file: the writer streams to a descriptor.
        guard let file = tmpfile() else { throw WriteError(path: Self.name, reason: .system(errno: errno)) }
        defer { fclose(file) }
        let fd = fileno(file)
        let sink = PNGSheetSink(fileDescriptor: fd, name: Self.name, compression: compression)
        try sink.begin(SheetHeader(width: width, height: height, channels: format))
        try sink.write(band())
        try sink.finish(manifest: manifest)
        let size = Int(lseek(fd, 0, SEEK_END))
        var bytes = [UInt8](repeating: 0, count: max(size, 0))
        let read = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard read == size else {
            throw WriteError(path: Self.name, reason: .encoder("the encoded sheet could not be read back"))
        }
        return bytes
    }

    /// What errors call a sheet that has no file.
    static let name = "<memory>"
}
