import PinboardIO
import Raster
import SheetManifest

/// The sink of a format this build cannot write: it refuses the sheet in `begin`, before
/// anything is decoded.
final class UnavailableSheetSink: SheetSink {
    private let format: SheetFormat
    private let name: String

    init(format: SheetFormat, name: String) {
        self.format = format
        self.name = name
    }

    func begin(_ header: SheetHeader) throws(WriteError) {
        throw WriteError(path: name, reason: .refused("\(format) sheets cannot be written by this build"))
    }

    func write(_ band: Band) throws(WriteError) {
        try begin(SheetHeader(width: band.width, height: band.rows.count, channels: band.format))
    }

    func finish(manifest: Manifest?) throws(WriteError) {
        throw WriteError(path: name, reason: .refused("\(format) sheets cannot be written by this build"))
    }
}
