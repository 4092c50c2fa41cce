import ColorManagement
import ImageInput
import PinboardIO
import Raster
import SheetManifest
import WebPCodec

/// Gathers the bands and encodes the whole sheet in `finish` with WebPCodec's writer (WebP
/// cannot be streamed), tagged sRGB with an ICC profile, the manifest in a chunk of
/// pinboard's own (`WebPManifest`).
///
/// Sheets with a side over WebP's 16,383 px are refused in `begin`, before anything is drawn.
public final class WebPSheetSink: SheetSink {
    private let fileDescriptor: Int32
    private let name: String
    private let quality: Int
    private let lossless: Bool
    private var writer: WebPWriter?
    private var rows: GatheredRows?

    /// - Parameters:
    ///   - fileDescriptor: an open descriptor the caller keeps owning.
    ///   - name: what errors call the output.
    ///   - quality: 1 to 100, for lossy sheets.
    ///   - lossless: exact pixels.
    public init(fileDescriptor: Int32, name: String, quality: Int = 90, lossless: Bool = false) {
        self.fileDescriptor = fileDescriptor
        self.name = name
        self.quality = quality
        self.lossless = lossless
    }

    public func begin(_ header: SheetHeader) throws(WriteError) {
        do {
            writer = try WebPWriter(width: header.width, height: header.height, channels: header.channels,
                                    quality: quality, lossless: lossless, name: name)
        } catch {
            if case .invalidDimensions(let width, let height, let maximumSide) = error.reason {
                throw WriteError(path: name, reason: .refused(
                    "WebP holds at most \(maximumSide) px a side; the sheet is \(width)×\(height)"))
            }
            throw WriteError(path: name, reason: .encoder(error.reason.description))
        }
        rows = GatheredRows(header: header)
    }

    public func write(_ band: Band) throws(WriteError) {
        guard rows != nil else { throw notBegun }
        rows?.append(band)
    }

    public func finish(manifest: Manifest?) throws(WriteError) {
        guard let writer, let rows else { throw notBegun }
        guard rows.isComplete else {
            throw WriteError(path: name, reason: .encoder("the sheet ended after \(rows.rowCount) of \(rows.header.height) rows"))
        }
        let profile = try EncoderStep.srgbProfile(for: name)
        var chunks = [(fourCC: "ICCP", bytes: profile)]
        if let manifest { chunks.append((fourCC: WebPManifest.fourCC, bytes: Array(manifest.jsonText().utf8))) }
        let file: [UInt8]
        do {
            file = try writer.encode(rows.pixels, chunks: chunks)
        } catch {
            throw WriteError(path: name, reason: .encoder(error.reason.description))
        }
        self.rows = nil
        try DescriptorOutput.write(file, toFileDescriptor: fileDescriptor, name: name)
    }

    private var notBegun: WriteError { WriteError(path: name, reason: .encoder("no sheet was begun")) }
}
