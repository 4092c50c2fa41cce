import PinboardIO
import Raster
import SheetManifest

/// A sink that keeps the whole sheet in memory, as a `ComposedSheet`: for tests that
/// compare pixels, and for comparisons of sheets that never reach a disk.
public final class MemorySheetSink: SheetSink {
    /// The sheet so far; complete, with its manifest, after `finish`.
    public private(set) var sheet: ComposedSheet?
    private let placeholder: Manifest

    /// - Parameter manifest: the manifest the sheet holds until `finish` hands over the final one.
    public init(manifest: Manifest) {
        placeholder = manifest
    }

    public func begin(_ header: SheetHeader) throws(WriteError) {
        sheet = ComposedSheet(header: header, manifest: placeholder)
    }

    public func write(_ band: Band) throws(WriteError) {
        guard sheet != nil else { throw WriteError(path: ComposedSheet.name, reason: .encoder("no sheet was begun")) }
        band.withUnsafeBytes { rows in sheet?.pixels.append(contentsOf: rows) }
    }

    public func finish(manifest: Manifest?) throws(WriteError) {
        if let manifest { sheet?.manifest = manifest }
    }
}
