import PinboardIO
import Raster
import SheetManifest

/// A sink that keeps the whole sheet in memory, as a `ComposedSheet`: for tests that
/// compare pixels, and for comparisons of sheets that never reach a disk.
public final class MemorySheetSink: SheetSink {
    /// The sheet so far; complete, with the manifest `finish` hands over, after it.
    public private(set) var sheet: ComposedSheet?

    /// The manifest is only known at `finish`, so none is asked for here: until then the
    /// sheet holds `Manifest.plain` of its size.
    public init() {}

    public func begin(_ header: SheetHeader) throws(WriteError) {
        sheet = ComposedSheet(header: header, manifest: .plain(width: header.width, height: header.height))
    }

    public func write(_ band: Band) throws(WriteError) {
        guard sheet != nil else { throw WriteError(path: ComposedSheet.name, reason: .encoder("no sheet was begun")) }
        band.withUnsafeBytes { rows in sheet?.pixels.append(contentsOf: rows) }
    }

    public func finish(manifest: Manifest?) throws(WriteError) {
        if let manifest { sheet?.manifest = manifest }
    }
}
