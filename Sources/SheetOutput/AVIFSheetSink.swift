import HEIFCodec
import ImageInput
import PinboardIO
import Raster
import SheetManifest

/// Gathers the bands and encodes the whole sheet in `finish` with HEIFCodec's AVIF writer
/// (libheif encodes whole images), tagged sRGB by its nclx box, the manifest in a metadata
/// item of pinboard's own content type (`HEIFManifest`).
public final class AVIFSheetSink: SheetSink {
    private let fileDescriptor: Int32
    private let name: String
    private let quality: Int
    private let lossless: Bool
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
        rows = GatheredRows(header: header)
    }

    public func write(_ band: Band) throws(WriteError) {
        guard rows != nil else { throw notBegun }
        rows?.append(band)
    }

    public func finish(manifest: Manifest?) throws(WriteError) {
        guard let rows else { throw notBegun }
        guard rows.isComplete else {
            throw WriteError(path: name, reason: .encoder("the sheet ended after \(rows.rowCount) of \(rows.header.height) rows"))
        }
        let header = rows.header
        let writer = AVIFWriter(width: header.width, height: header.height, channels: header.channels,
                                quality: quality, lossless: lossless, name: name)
        let metadata = manifest.map { [(contentType: HEIFManifest.contentType, bytes: Array($0.jsonText().utf8))] } ?? []
        let file: [UInt8]
        do {
            file = try writer.encode(rows.pixels, metadata: metadata)
        } catch {
            throw WriteError(path: name, reason: .encoder(error.reason.description))
        }
        self.rows = nil
        try DescriptorOutput.write(file, toFileDescriptor: fileDescriptor, name: name)
    }

    private var notBegun: WriteError { WriteError(path: name, reason: .encoder("no sheet was begun")) }
}
