import PinboardIO
import Raster
import SheetManifest

/// Gathers every band and encodes the whole sheet in `finish`, for formats that cannot be
/// streamed; the encoder's format bounds the memory (WebP's 16,383 px a side), and it
/// refuses what it cannot hold in `begin`, before anything is drawn.
final class GatheringSheetSink<Encoder: WholeSheetEncoder>: SheetSink {
    private let encoder: Encoder
    private let fileDescriptor: Int32
    private let name: String
    private var rows: GatheredRows?

    init(_ encoder: Encoder, fileDescriptor: Int32, name: String) {
        self.encoder = encoder
        self.fileDescriptor = fileDescriptor
        self.name = name
    }

    func begin(_ header: SheetHeader) throws(WriteError) {
        try encoder.check(header, name: name)
        rows = GatheredRows(header: header)
    }

    func write(_ band: Band) throws(WriteError) {
        guard rows != nil else { throw notBegun }
        rows?.append(band)
    }

    func finish(manifest: Manifest?) throws(WriteError) {
        guard let rows else { throw notBegun }
        guard rows.isComplete else {
            throw WriteError(path: name, reason: .encoder("the sheet ended after \(rows.rowCount) of \(rows.header.height) rows"))
        }
        let file = try encoder.encode(rows, manifest: manifest, name: name)
        self.rows = nil
        try DescriptorOutput.write(file, toFileDescriptor: fileDescriptor, name: name)
    }

    private var notBegun: WriteError { WriteError(path: name, reason: .encoder("no sheet was begun")) }
}
