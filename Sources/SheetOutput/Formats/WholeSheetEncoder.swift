import PinboardIO
import SheetManifest

/// A format whose encoder takes the whole image at once (WebP, AVIF): what differs between
/// such formats, while `GatheringSheetSink` does the gathering they share.
protocol WholeSheetEncoder {
    /// Refuses, in `begin` and before any band is drawn, a sheet the format cannot hold.
    func check(_ header: SheetHeader, name: String) throws(WriteError)
    /// The whole file, the manifest carried the way the format carries metadata.
    func encode(_ rows: GatheredRows, manifest: Manifest?, name: String) throws(WriteError) -> [UInt8]
}
