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
    let options: ComparisonOptions

    func run(diffSheet: SheetComparer.DiffSheet) throws(CompareError) -> SheetComparison {
        let readers = [try SheetBandReader(a), try SheetBandReader(b)]
        var report = SheetComparison(
            mode: .plain, options: options,
            sizeA: Size(width: readers[0].width, height: readers[0].height),
            sizeB: Size(width: readers[1].width, height: readers[1].height))
        // Images of different sizes have no pixels in common to compare: that is the report.
        guard report.sizeA == report.sizeB else { return report }
        let width = readers[0].width
        let height = readers[0].height
        let manifest = manifestB ?? Manifest(
            width: width, height: height, direction: .vertical, placement: .shortest, lanes: 1, padding: 0, margin: 0,
            background: "#ffffffff", items: [], skipped: [])
        let name = b.name.split(separator: "/").last.map(String.init) ?? b.name
        let accumulator = Accumulator(
            scanner: ChangeScanner(width: width, height: height, criteria: options.criteria, ignoring: options.ignoredRects(for: name)),
            output: try DiffSheetOutput(diffSheet, width: width, height: height, manifest: manifest))
        try BandPipeline.run(readers) { bands, _ in accumulator.add(bands[0], bands[1]) }
        try accumulator.finish()
        report.total = accumulator.scanner.difference
        report.regions = accumulator.regions.regions()
        report.diffSheet = try accumulator.output?.finish()
        return report
    }

    /// What the comparing task carries from band to band. One task at a time uses it.
    private final class Accumulator: @unchecked Sendable {
        private(set) var scanner: ChangeScanner
        private(set) var regions: ChangeRegions
        let output: DiffSheetOutput?
        private let width: Int
        /// The scanner's, read apart from it: `record` runs while the scanner is being changed.
        private let ignored: [Rect]
        /// B's last rows as read, by row modulo 3: the scanner hands a row over up to two
        /// rows after it was added, and B with its ignored areas taken from A.
        private var original: [UInt8]
        private var row: [UInt8]
        /// The diff sheet's error, which ends the comparison.
        private var failure: CompareError?

        init(scanner: ChangeScanner, output: DiffSheetOutput?) {
            self.scanner = scanner
            self.output = output
            width = scanner.width
            ignored = scanner.ignored
            regions = ChangeRegions(width: width)
            original = Array(repeating: 0, count: 3 * width * 4)
            row = Array(repeating: 0, count: width * 4)
        }

        /// Compares two bands of the same rows, adds them to the regions and draws them; the
        /// error is the diff sheet's, if it could not be written.
        func add(_ a: [UInt8], _ b: [UInt8]) -> CompareError? {
            let stride = width * 4
            for y in 0..<a.count / stride {
                let rows = y * stride..<(y + 1) * stride
                let slot = scanner.rowsAdded % 3 * stride
                original.replaceSubrange(slot..<slot + stride, with: b[rows])
                a[rows].withUnsafeBytes { rowA in
                    b[rows].withUnsafeBytes { rowB in scanner.add(rowA, rowB, scanned: record) }
                }
                if let failure { return failure }
            }
            return nil
        }

        /// Takes the rows the scanner still holds.
        func finish() throws(CompareError) {
            scanner.finish(scanned: record)
            if let failure { throw failure }
        }

        private func record(_ scanned: ChangeScanner.ScannedRow) {
            regions.addRow(changes: scanned.changes, scanned.a, scanned.b)
            guard let output, failure == nil else { return }
            let slot = scanned.y % 3 * width * 4
            row.replaceSubrange(0..<row.count, with: original[slot..<slot + width * 4])
            row.withUnsafeMutableBytes { row in
                DiffPaint.fade(row, columns: 0..<width)
                DiffPaint.highlight(row, changes: scanned.changes, at: 0, count: width)
                DiffPaint.highlight(row, changes: scanned.antialiased, at: 0, count: width, color: DiffPaint.antialiasedColor)
                for area in ignored {
                    DiffPaint.hatch(row, y: scanned.y, rect: area, color: DiffPaint.maskedColor)
                }
            }
            do {
                try output.write(row: row)
            } catch {
                failure = error
            }
        }
    }
}
