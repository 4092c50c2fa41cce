import PinboardIO
import Raster
import SheetManifest

/// A sink for an output that cannot take the sheet at all (a pyramid asked of a
/// descriptor): it refuses in `begin`, before anything is decoded.
public final class RefusingSheetSink: SheetSink {
    private let name: String
    private let reason: String

    public init(name: String, reason: String) {
        self.name = name
        self.reason = reason
    }

    public func begin(_ header: SheetHeader) throws(WriteError) {
        throw WriteError(path: name, reason: .refused(reason))
    }

    public func write(_ band: Band) throws(WriteError) {
        throw WriteError(path: name, reason: .refused(reason))
    }

    public func finish(manifest: Manifest?) throws(WriteError) {
        throw WriteError(path: name, reason: .refused(reason))
    }
}
