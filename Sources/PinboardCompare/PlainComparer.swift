import Differences
import Geometry
import Layout
import Pinboard
import Raster
import SheetManifest

/// The pixel-by-pixel comparison of two sheets of which at least one has no manifest: the
/// whole images are compared, and the areas that differ are reported as boxes.
///
/// Images of different sizes are compared over the area both have, from the top-left
/// corner, as tiles of different sizes are: what a screenshot that grew or shrank still
/// shares is checked, and the diff sheet shows B padded, the part A lacks hatched in
/// `DiffPaint.resizedColor`. The comparison of each band hides behind the decoding of the
/// next (`BandPipeline`).
struct PlainComparer {
    let a: ComparedSheet
    let b: ComparedSheet
    /// B's manifest when it has one (only A lacks one): the diff sheet keeps it in memory.
    let manifestB: Manifest?
    let options: ComparisonOptions

    func run(diffSheet: SheetComparer.DiffSheet) throws(CompareError) -> SheetComparison {
        let readers = [try SheetBandReader(a), try SheetBandReader(b)]
        let sizeA = Size(width: readers[0].width, height: readers[0].height)
        let sizeB = Size(width: readers[1].width, height: readers[1].height)
        let names = [a, b].map { $0.name.split(separator: "/").last.map(String.init) ?? $0.name }
        // One pair, so one set of settings: a rule matching either name's, and the report
        // shows those as its options.
        let options = options.rule(for: names[0], names[1])?.options ?? options
        var report = SheetComparison(mode: .plain, options: options, sizeA: sizeA, sizeB: sizeB)
        let common = Size(width: min(sizeA.width, sizeB.width), height: min(sizeA.height, sizeB.height))
        let manifest = manifestB ?? Manifest.plain(width: sizeB.width, height: sizeB.height)
        let bandRows = 64
        let accumulator = Accumulator(
            scanner: ChangeScanner(
                width: common.width, height: common.height, criteria: options.criteria, ignoring: options.ignoredRects(for: names[0], or: names[1]),
                batchRows: bandRows),
            sizeA: sizeA, sizeB: sizeB,
            output: try DiffSheetOutput(diffSheet, width: sizeB.width, height: sizeB.height, manifest: manifest, style: options.drawing),
            style: options.drawing)
        try BandPipeline.run(readers, bandRows: bandRows) { bands, _ in accumulator.add(bands[0], bands[1]) }
        try accumulator.finish()
        report.total = accumulator.scanner.difference
        report.regions = accumulator.regions.regions()
        report.warnings = readers.flatMap(\.warnings)
        report.diffSheet = try accumulator.output?.finish()
        return report
    }

    /// What the comparing task carries from band to band. One task at a time uses it.
    private final class Accumulator: @unchecked Sendable {
        private(set) var scanner: ChangeScanner
        private(set) var regions: ChangeRegions
        let output: DiffSheetOutput?
        private let style: DiffStyle
        private let widthA: Int
        /// The scanner's size (the size both images have) and ignored areas, read apart from
        /// it: `record` runs while the scanner is being changed. What B has outside `common` is
        /// hatched.
        private let common: Size
        private let ignored: [Rect]
        private let sizeB: Size
        /// B's last rows as read, by row modulo `originalRows`: the scanner hands a row over
        /// up to two rows after it was added (a band and two rows), and B with its ignored
        /// areas taken from A.
        private var original: [UInt8]
        private let originalRows: Int
        private var row: [UInt8]
        /// The rows of B taken so far.
        private var rowsB = 0
        /// The diff sheet's error, which ends the comparison.
        private var failure: CompareError?

        init(scanner: ChangeScanner, sizeA: Size, sizeB: Size, output: DiffSheetOutput?, style: DiffStyle) {
            self.scanner = scanner
            self.output = output
            self.style = style
            widthA = sizeA.width
            ignored = scanner.ignored
            self.sizeB = sizeB
            common = Size(width: scanner.width, height: scanner.height)
            regions = ChangeRegions(width: scanner.width)
            originalRows = scanner.batchRows + 2
            original = Array(repeating: 0, count: originalRows * sizeB.width * 4)
            row = Array(repeating: 0, count: sizeB.width * 4)
        }

        /// Compares the rows of two bands that both images have, adds them to the regions
        /// and draws them, and draws B's rows past A's height; the error is the diff
        /// sheet's, if it could not be written.
        func add(_ a: [UInt8], _ b: [UInt8]) -> CompareError? {
            let strideA = widthA * 4
            let strideB = sizeB.width * 4
            let compared = min(a.count / strideA, b.count / strideB, scanner.height - scanner.rowsAdded)
            for y in 0..<compared {
                let slot = (scanner.rowsAdded + y) % originalRows * strideB
                original.replaceSubrange(slot..<slot + strideB, with: b[y * strideB..<(y + 1) * strideB])
            }
            if compared > 0 {
                a.withUnsafeBytes { a in
                    b.withUnsafeBytes { b in
                        scanner.add(a, stride: strideA, b, stride: strideB, rows: compared, scanned: record)
                    }
                }
                if let failure { return failure }
            }
            let firstB = rowsB
            rowsB += b.count / strideB
            // Rows of B below A are drawn once every row above them is.
            for y in firstB..<rowsB where y >= scanner.height {
                if y == scanner.height { scanner.finish(scanned: record) }
                let start = (y - firstB) * strideB
                row.replaceSubrange(0..<row.count, with: b[start..<start + strideB])
                draw(y: y, changes: nil)
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
            guard output != nil, failure == nil else { return }
            let slot = scanned.y % originalRows * sizeB.width * 4
            row.replaceSubrange(0..<row.count, with: original[slot..<slot + sizeB.width * 4])
            draw(y: scanned.y, changes: scanned)
        }

        /// Fades `row`, B's row `y`, marks what changed in it and writes it to the diff sheet.
        private func draw(y: Int, changes scanned: ChangeScanner.ScannedRow?) {
            guard let output, failure == nil else { return }
            let width = common.width
            row.withUnsafeMutableBytes { row in
                style.ground(row, columns: 0..<sizeB.width)
                if let scanned {
                    style.paint(row, changes: scanned.changes, antialiased: scanned.antialiased, at: 0, count: width)
                }
                guard style.marksAreas else { return }
                for area in ignored {
                    DiffPaint.hatch(row, y: y, rect: area, color: DiffPaint.maskedColor)
                }
                DiffPaint.hatchPadding(row, y: y, area: Rect(x: 0, y: 0, width: sizeB.width, height: sizeB.height), common: common)
            }
            do {
                try output.write(row: row)
            } catch {
                failure = error
            }
        }
    }
}
