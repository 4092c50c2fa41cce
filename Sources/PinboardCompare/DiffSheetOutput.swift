import Foundation
import ImageInput
import Layout
import PNGCodec
import Pinboard

/// Where the rows of a diff sheet go: a PNG written atomically, or a sheet in memory.
///
/// Rows come in as opaque straight RGBA (the diff sheet is drawn over white) and are stored
/// as RGB. The file is deflated at zlib level 1: a diff sheet is looked at once and thrown
/// away, and level 6 made it a third smaller for twice the encoding time.
final class DiffSheetOutput {
    private var file: (output: AtomicOutput, writer: PNGWriter)?
    /// Held apart from `file` so appending rows mutates it in place, never copying it.
    private var memory: ComposedSheet?
    private let width: Int
    private var rgb: [UInt8]

    /// - Returns: nil for `.none`: no diff sheet is wanted.
    init?(_ destination: SheetComparer.DiffSheet, width: Int, height: Int, manifest: Manifest) throws(CompareError) {
        self.width = width
        rgb = Array(repeating: 0, count: width * 3)
        switch destination {
        case .none:
            return nil
        case .memory:
            memory = ComposedSheet(width: width, height: height, format: .rgb, manifest: manifest)
        case .file(let path):
            let output: AtomicOutput
            do {
                output = try AtomicOutput(destination: path)
            } catch {
                throw .sheet(error)
            }
            do {
                let writer = try PNGWriter(
                    to: .fileDescriptor(output.fileDescriptor, name: path), width: width, height: height, channels: .rgb, compression: 1,
                    threads: ProcessInfo.processInfo.activeProcessorCount)
                file = (output, writer)
            } catch {
                throw .sheet(.cannotWrite(path: path, reason: error.reason.description))
            }
        }
    }

    /// Appends one row of `width` RGBA pixels.
    func write(row: [UInt8]) throws(CompareError) {
        row.withUnsafeBytes { rgba in
            rgb.withUnsafeMutableBytes { rgb in
                for x in 0..<width {
                    rgb[3 * x] = rgba[4 * x]
                    rgb[3 * x + 1] = rgba[4 * x + 1]
                    rgb[3 * x + 2] = rgba[4 * x + 2]
                }
            }
        }
        if let (output, writer) = file {
            // Array's `withUnsafeBytes` rethrows untyped errors, so the typed one rides in a Result.
            let written = rgb.withUnsafeBytes { bytes in
                Result { () throws(ImageError) in try writer.write(rows: bytes, stride: bytes.count, count: 1) }
            }
            if case .failure(let error) = written {
                throw .sheet(.cannotWrite(path: output.destination, reason: error.reason.description))
            }
        }
        rgb.withUnsafeBytes { memory?.append(rows: $0) }
    }

    /// Completes the file, or hands over the sheet in memory.
    func finish() throws(CompareError) -> ComposedSheet? {
        if let (output, writer) = file {
            do {
                try writer.finish()
            } catch {
                throw .sheet(.cannotWrite(path: output.destination, reason: error.reason.description))
            }
            do {
                try output.commit()
            } catch {
                throw .sheet(error)
            }
        }
        return memory
    }
}
