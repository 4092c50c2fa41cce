import Layout
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

    init(width: Int, height: Int, format: Band.Format, manifest: Manifest) {
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

    /// Appends rows already in the sheet's format, `bytesPerRow` bytes each.
    mutating func append(rows: UnsafeRawBufferPointer) {
        pixels.append(contentsOf: rows)
    }

    public mutating func write(_ band: Band) throws(PinboardError) {
        band.withUnsafeBytes { pixels.append(contentsOf: $0) }
    }
}
