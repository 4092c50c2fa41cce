import PinboardIO
import Raster
import SheetManifest

/// Where a sheet's pixels go, as libvips's savers take them: the size and channels first,
/// then bands of whole rows top to bottom with no gap, then the manifest once the last
/// row is drawn (the sources that failed while rendering are only known then).
///
/// Every writer is one: a PNG file, a sheet in memory, a diff sheet, a report's crops.
/// None of them knows where the pixels came from, and the compositor knows none of them.
///
/// ```swift
/// let sink = PNGSheetSink(fileDescriptor: fd, name: "board.png")
/// try sink.begin(SheetHeader(width: 640, height: 480, channels: .rgb))
/// try sink.write(band)                    // rows 0..<64, then 64..<128, …
/// try sink.finish(manifest: manifest)
/// ```
public protocol SheetSink: AnyObject {
    /// Called once, before any band.
    ///
    /// - Throws: `WriteError` when the output cannot take a sheet of this size or
    ///   cannot be started; nothing has been decoded yet.
    func begin(_ header: SheetHeader) throws(WriteError)
    /// Takes the next band: its first row follows the last row written, its width and
    /// channels are the header's.
    func write(_ band: Band) throws(WriteError)
    /// Called once, after the last row: completes the output, carrying `manifest` where
    /// the format has room for it.
    func finish(manifest: Manifest?) throws(WriteError)
}
