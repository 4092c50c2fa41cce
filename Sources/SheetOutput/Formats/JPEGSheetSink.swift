import ImageInput
import JPEGCodec
import PinboardIO
import Raster
import SheetManifest

/// Streams bands into JPEGCodec's writer: baseline, optimised Huffman tables, the
/// settings' quality and chroma subsampling, tagged sRGB by JFIF and an embedded sRGB
/// ICC profile, the manifest's JSON in an APP11 chain (`JPEGManifest`).
///
/// The manifest is only final at `finish`, but a JPEG's segments must precede its scan,
/// so the writer spools the compressed stream to an anonymous temporary file and puts
/// the file together in `finish`: the disk, not memory, holds the sheet until the end
/// (see `JPEGWriter`).
///
/// JPEG has no alpha. The facade hands over RGB when the background is opaque; an
/// `.rgba` sheet is composited over white here, pixel by pixel, as a viewer shows a
/// transparent PNG on a white page.
public final class JPEGSheetSink: SheetSink {
    private let fileDescriptor: Int32
    private let name: String
    private let quality: Int
    private let subsampling: JPEGWriter.Subsampling
    private var writer: JPEGWriter?
    /// One band's rows composited over white, kept between bands of an `.rgba` sheet.
    private var opaqueRows: [UInt8] = []

    /// - Parameters:
    ///   - fileDescriptor: an open descriptor the caller keeps owning.
    ///   - name: what errors call the output.
    ///   - quality: libjpeg's quality, 1 to 100.
    public init(fileDescriptor: Int32, name: String, quality: Int = 90, subsampling: EncodeSettings.Subsampling = .s420) {
        self.fileDescriptor = fileDescriptor
        self.name = name
        self.quality = quality
        self.subsampling = subsampling == .s444 ? .s444 : .s420
    }

    /// Refuses a side over 65,535 px (or a quality outside 1 to 100) before any band is
    /// drawn, then starts the writer.
    public func begin(_ header: SheetHeader) throws(WriteError) {
        guard (1...100).contains(quality) else {
            throw WriteError(path: name, reason: .refused("JPEG quality is 1 to 100, not \(quality)"))
        }
        let limit = JPEGWriter.maximumSide
        guard header.width <= limit && header.height <= limit else {
            throw WriteError(path: name, reason: .refused(
                "JPEG holds at most \(limit) px a side; the sheet is \(header.width)×\(header.height)"))
        }
        let profile = try EncoderStep.srgbProfile(for: name)
        writer = try EncoderStep.run(for: name) { () throws(ImageError) in
            try JPEGWriter(
                fileDescriptor: fileDescriptor, name: name, width: header.width, height: header.height,
                quality: quality, subsampling: subsampling, iccProfile: profile)
        }
    }

    public func write(_ band: Band) throws(WriteError) {
        let writer = try started()
        if band.format == .rgba { composite(band) }
        try EncoderStep.run(for: name) { () throws(ImageError) in
            if band.format == .rgba {
                // `Array.withUnsafeBytes` only rethrows untyped errors, so the typed one rides in a Result.
                let outcome = opaqueRows.withUnsafeBytes { rows in
                    Result { () throws(ImageError) in try writer.write(rows: rows, stride: band.width * 3, count: band.rows.count) }
                }
                try outcome.get()
            } else {
                try band.withUnsafeBytes { (rows: UnsafeRawBufferPointer) throws(ImageError) in
                    try writer.write(rows: rows, stride: band.bytesPerRow, count: band.rows.count)
                }
            }
        }
    }

    public func finish(manifest: Manifest?) throws(WriteError) {
        let writer = try started()
        try EncoderStep.run(for: name) { () throws(ImageError) in
            if let manifest {
                let segments = try ImageError.naming(name) { () throws(ImageError.Reason) in
                    try JPEGManifest.segments(carrying: manifest.jsonText())
                }
                for segment in segments { try writer.add(segment: JPEGManifest.application, payload: segment) }
            }
            try writer.finish()
        }
    }

    /// Fills `opaqueRows` with `band` over white: c·a + 255·(255 − a), over 255, rounded.
    private func composite(_ band: Band) {
        let pixels = band.width * band.rows.count
        if opaqueRows.count != pixels * 3 { opaqueRows = [UInt8](repeating: 0, count: pixels * 3) }
        band.withUnsafeBytes { (source: UnsafeRawBufferPointer) in
            opaqueRows.withUnsafeMutableBytes { target in
                for pixel in 0..<pixels {
                    let alpha = UInt32(source[pixel * 4 + 3])
                    let white = (255 - alpha) * 255
                    for channel in 0..<3 {
                        target[pixel * 3 + channel] = UInt8((UInt32(source[pixel * 4 + channel]) * alpha + white + 127) / 255)
                    }
                }
            }
        }
    }

    private func started() throws(WriteError) -> JPEGWriter {
        guard let writer else { throw WriteError(path: name, reason: .encoder("no sheet was begun")) }
        return writer
    }
}
