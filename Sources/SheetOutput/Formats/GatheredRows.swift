import Raster

/// A sheet's bands kept whole, for formats whose encoders want the whole image (WebP,
/// AVIF): rows of the header's width, top to bottom, no gap. The largest sheet those
/// formats hold bounds the memory.
struct GatheredRows {
    let header: SheetHeader
    private(set) var pixels: [UInt8] = []
    private(set) var rowCount = 0

    init(header: SheetHeader) {
        self.header = header
    }

    /// Appends the band's rows, which must follow the last one kept.
    mutating func append(_ band: Band) {
        precondition(band.width == header.width && band.format == header.channels, "a band of another width or channels")
        precondition(band.rows.lowerBound == rowCount && band.rows.upperBound <= header.height, "bands come in order")
        if pixels.isEmpty { pixels.reserveCapacity(header.bytesPerRow * header.height) }
        // A band's rows are bytesPerRow apart with no padding, so they are one run of bytes.
        band.withUnsafeBytes { rows in pixels.append(contentsOf: rows.prefix(band.rows.count * header.bytesPerRow)) }
        rowCount += band.rows.count
    }

    var isComplete: Bool { rowCount == header.height }
}
