import ImageInput
import PNGCodec
import Raster

/// Streams bands straight into the PNG writer, so the sheet never exists whole.
struct PNGBandSink: BandSink {
    let writer: PNGWriter

    func write(_ band: Band) throws(PinboardError) {
        do {
            try band.withUnsafeBytes { (rows: UnsafeRawBufferPointer) throws(ImageError) in
                try writer.write(rows: rows, stride: band.bytesPerRow, count: band.rows.count)
            }
        } catch {
            throw .cannotWrite(path: writer.name, reason: error.reason.description)
        }
    }
}
