import ImageInput
import PNGCodec
import Pinboard

/// A sheet's pixels read top to bottom, a band of rows at a time, as straight RGBA.
///
/// The comparer hands a reader to a worker thread for one band and waits for it, so one
/// thread at a time uses it: hence `@unchecked Sendable`.
final class SheetBandReader: @unchecked Sendable {
    let name: String
    let width: Int
    let height: Int
    private let rows: any ImageRowReader

    init(_ sheet: ComparedSheet) throws(CompareError) {
        name = sheet.name
        rows = try sheet.rows()
        width = rows.outputWidth
        height = rows.outputHeight
    }

    var rowsRead: Int { rows.rowsRead }
    /// What the decode read past (a PNG without IEND), once the last row is read.
    var warnings: [ImageWarning] { rows.readWarnings }
    var isFinished: Bool { rows.rowsRead == height }

    /// Reads the next `count` rows into the start of `band`, `width * 4` bytes each.
    func read(_ count: Int, into band: inout [UInt8]) throws(CompareError) {
        precondition(band.count >= count * width * 4, "band too small for \(count) rows")
        do throws(ImageError) {
            let rows = self.rows
            let width = self.width
            try band.withUnsafeMutableBytes { buffer in
                Result { () throws(ImageError) in try rows.readRows(into: buffer, stride: width * 4, count: count) }
            }.get()
            if rows.rowsRead == height { try rows.finish() }
        } catch {
            throw .sheet(.unreadableSheet(path: name, reason: .image(error.reason)))
        }
    }
}
