import Geometry
import Layout
import Pinboard
import Raster

/// The pixel-by-pixel comparison of two sheets of which at least one has no manifest: the
/// whole images are compared, and the areas that differ are reported as boxes.
///
/// The comparison of each band hides behind the decoding of the next (`BandPipeline`).
struct PlainComparer {
    let a: ComparedSheet
    let b: ComparedSheet
    /// B's manifest when it has one (only A lacks one): the diff sheet keeps it in memory.
    let manifestB: Manifest?
    let threshold: Int

    func run(diffSheet: SheetComparer.DiffSheet) throws(CompareError) -> SheetComparison {
        let readers = [try SheetBandReader(a), try SheetBandReader(b)]
        var report = SheetComparison(
            mode: .plain, threshold: threshold,
            sizeA: Size(width: readers[0].width, height: readers[0].height),
            sizeB: Size(width: readers[1].width, height: readers[1].height))
        // Images of different sizes have no pixels in common to compare: that is the report.
        guard report.sizeA == report.sizeB else { return report }
        let width = readers[0].width
        let height = readers[0].height
        let manifest = manifestB ?? Manifest(
            width: width, height: height, direction: .vertical, placement: .shortest, lanes: 1, padding: 0, margin: 0,
            background: "#ffffffff", items: [], skipped: [])
        let accumulator = Accumulator(
            width: width, threshold: threshold,
            output: try DiffSheetOutput(diffSheet, width: width, height: height, manifest: manifest))
        try BandPipeline.run(readers) { bands, _ in accumulator.add(bands[0], bands[1]) }
        report.total = accumulator.total
        report.regions = accumulator.regions.regions()
        report.diffSheet = try accumulator.output?.finish()
        return report
    }

    /// What the comparing task carries from band to band. One task at a time uses it.
    private final class Accumulator: @unchecked Sendable {
        private(set) var total = PixelDifference()
        private(set) var regions: ChangeRegions
        let output: DiffSheetOutput?
        private let width: Int
        private let threshold: Int
        private var changes: [UInt64]
        private var row: [UInt8]

        init(width: Int, threshold: Int, output: DiffSheetOutput?) {
            self.width = width
            self.threshold = threshold
            self.output = output
            regions = ChangeRegions(width: width)
            changes = Array(repeating: 0, count: (width + 63) / 64)
            row = Array(repeating: 0, count: width * 4)
        }

        /// Compares two bands of the same rows, adds them to the regions and draws them; the
        /// error is the diff sheet's, if it could not be written.
        func add(_ a: [UInt8], _ b: [UInt8]) -> CompareError? {
            let stride = width * 4
            for y in 0..<a.count / stride {
                let rows = y * stride..<(y + 1) * stride
                a[rows].withUnsafeBytes { rowA in
                    b[rows].withUnsafeBytes { rowB in compare(rowA, rowB) }
                }
                do {
                    try draw(b[rows])
                } catch {
                    return error
                }
            }
            return nil
        }

        private func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) {
            changes.withUnsafeMutableBufferPointer { changes in
                total.merge(PixelDifference.compare(a, b, pixels: width, threshold: threshold, changes: changes))
                regions.addRow(changes: UnsafeBufferPointer(changes), a, b)
            }
        }

        /// Draws B's row faded, with the pixels just compared as changed painted over.
        private func draw(_ b: ArraySlice<UInt8>) throws(CompareError) {
            guard let output else { return }
            row.replaceSubrange(0..<row.count, with: b)
            row.withUnsafeMutableBytes { row in
                DiffPaint.fade(row, columns: 0..<width)
                changes.withUnsafeBufferPointer { changes in
                    DiffPaint.highlight(row, changes: changes, at: 0, count: width)
                }
            }
            try output.write(row: row)
        }
    }
}
