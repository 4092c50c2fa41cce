import PinboardIO
import Raster
import SheetManifest

/// A sink writing a file that appears only once complete: the format's sink writes into an
/// `OutputFile`, a temporary file that `finish` renames into place (or, for a device or a
/// FIFO, the destination itself, written through in order). A failure or an interruption
/// leaves a file at the destination as it was.
public final class AtomicSheetFile: SheetSink {
    private let output: OutputFile
    private let sink: any SheetSink

    /// Creates the temporary file beside `path` (beside its symbolic link's target), or
    /// opens the device or FIFO at `path`.
    ///
    /// - Parameter format: makes the format's sink over the output's descriptor, named `path`.
    /// - Throws: `WriteError` when the folder cannot hold a new file, the device or FIFO
    ///   cannot be opened, or `path` is a folder or a socket.
    public init(path: String, format: (_ fileDescriptor: Int32, _ name: String) -> any SheetSink) throws(WriteError) {
        output = try OutputFile(destination: path)
        sink = format(output.fileDescriptor, path)
    }

    public func begin(_ header: SheetHeader) throws(WriteError) {
        try discarding { () throws(WriteError) in try sink.begin(header) }
    }

    public func write(_ band: Band) throws(WriteError) {
        try discarding { () throws(WriteError) in try sink.write(band) }
        output.startWriteback()
    }

    public func finish(manifest: Manifest?) throws(WriteError) {
        try discarding { () throws(WriteError) in try sink.finish(manifest: manifest) }
        try output.commit()
    }

    /// Removes the temporary file when a step fails: nothing half-written stays behind
    /// (what reached a device or FIFO has gone).
    private func discarding(_ step: () throws(WriteError) -> Void) throws(WriteError) {
        do {
            try step()
        } catch {
            output.discard()
            throw error
        }
    }
}
