import Differences
import Foundation
import Geometry
import PinboardIO
import Raster
import SheetManifest
import SheetOutput

/// Where the rows of a diff sheet go: a file written atomically in the format its name's
/// ending gives (PNG for a name with none pinboard writes), or a sheet in memory, both
/// through the sheet sink, a band at a time.
///
/// Rows come in as straight RGBA and are stored as RGB when the diff sheet is drawn over
/// white, as RGBA when its style has transparency (a `DiffStyle.mask`, a colour that is
/// not opaque). A PNG or TIFF is deflated at level 1: a diff sheet is looked at once and thrown
/// away, and level 6 made it a third smaller for twice the encoding time.
final class DiffSheetOutput {
    /// Rows gathered before they go to the sink together.
    static let bandRows = 64

    private let sink: any SheetSink
    /// Set for `.memory`, so `finish` can hand the sheet over.
    private let memory: MemorySheetSink?
    private let name: String
    private let width: Int
    private let manifest: Manifest
    /// The channels stored: 3 or 4.
    private let channels: Int
    /// The rows of the band being gathered, RGB or RGBA.
    private var gathered: [UInt8] = []
    private var rowsWritten = 0

    /// - Returns: nil for `.none`: no diff sheet is wanted.
    init?(
        _ destination: SheetComparer.DiffSheet, width: Int, height: Int, manifest: Manifest, style: DiffStyle
    ) throws(CompareError) {
        self.width = width
        channels = style.hasTransparency ? 4 : 3
        self.manifest = manifest
        switch destination {
        case .none:
            return nil
        case .memory:
            let memory = MemorySheetSink()
            self.memory = memory
            sink = memory
            name = "<memory>"
        case .file(let path):
            memory = nil
            name = path
            do {
                let settings = EncodeSettings(format: SheetFormat(fileName: path) ?? .png, compression: 1)
                sink = try AtomicSheetFile(path: path) { fd, name in
                    SheetEncoder.sink(
                        for: settings, fileDescriptor: fd, name: name, threads: ProcessInfo.processInfo.activeProcessorCount)
                }
            } catch {
                throw .sheet(.cannotWrite(error))
            }
        }
        do {
            try sink.begin(SheetHeader(width: width, height: height, channels: channels == 4 ? .rgba : .rgb))
        } catch {
            throw .sheet(.cannotWrite(error))
        }
        gathered.reserveCapacity(width * channels * Self.bandRows)
    }

    /// Appends one row of `width` RGBA pixels.
    func write(row: [UInt8]) throws(CompareError) {
        if channels == 4 {
            gathered.append(contentsOf: row[0..<width * 4])
        } else {
            let start = gathered.count
            gathered.append(contentsOf: repeatElement(0, count: width * 3))
            row.withUnsafeBytes { rgba in
                gathered.withUnsafeMutableBytes { rgb in
                    for x in 0..<width {
                        rgb[start + 3 * x] = rgba[4 * x]
                        rgb[start + 3 * x + 1] = rgba[4 * x + 1]
                        rgb[start + 3 * x + 2] = rgba[4 * x + 2]
                    }
                }
            }
        }
        if gathered.count == width * channels * Self.bandRows { try flush() }
    }

    /// Completes the file, or hands over the sheet in memory.
    func finish() throws(CompareError) -> ComposedSheet? {
        try flush()
        do {
            // A diff sheet on disk is a picture to look at, not a sheet to compare: it
            // carries no manifest; the one in memory keeps it for the caller.
            try sink.finish(manifest: memory == nil ? nil : manifest)
        } catch {
            throw .sheet(.cannotWrite(error))
        }
        return memory?.sheet
    }

    /// Hands the rows gathered so far to the sink as one band.
    private func flush() throws(CompareError) {
        let rows = gathered.count / (width * channels)
        guard rows > 0 else { return }
        let band: Band
        do {
            band = try Band(
                width: width, rows: rowsWritten..<rowsWritten + rows, format: channels == 4 ? .rgba : .rgb, pixels: gathered,
                background: channels == 4 ? .transparent : .white)
        } catch {
            throw .sheet(.cannotWrite(WriteError(path: name, reason: .encoder(error.description))))
        }
        do {
            try sink.write(band)
        } catch {
            throw .sheet(.cannotWrite(error))
        }
        rowsWritten += rows
        gathered.removeAll(keepingCapacity: true)
    }
}
