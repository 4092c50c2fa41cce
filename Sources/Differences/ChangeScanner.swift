import Dispatch
import Geometry

/// Compares two images of one size row by row, from the top, by `PixelCriteria`, with
/// areas to ignore: the one place that decides which pixels of a tile, a plain image or a
/// file changed.
///
/// Each row is first compared channel by channel (`PixelDifference`, vectorised); only the
/// pixels that differ there are tested again for perceptual distance and anti-aliasing, so
/// a pair that differs little costs little more than the channel test. Anti-aliasing needs
/// two rows below the pixel, so with `ignoresAntialiasing` each row is handed over two rows
/// after it was added (the rest by `finish`); otherwise as soon as it is added. Rows come
/// one at a time (a tile's) or a band at a time (a plain image's, up to `batchRows`), and
/// the rows a band makes ready are scanned on several threads, handed over in order on
/// the caller's. Memory is `batchRows + 4` rows of each image, whatever their height.
///
/// Ignored areas are compared as if B were A there: their pixels never count, in any
/// figure, and those over the channel threshold are counted in `maskedPixels`.
///
/// ```swift
/// var scanner = ChangeScanner(width: w, height: h, criteria: PixelCriteria(ignoresAntialiasing: true))
/// for y in 0..<h { scanner.add(rowA(y), rowB(y)) { mask.mark(row: $0.y, changes: $0.changes, count: w) } }
/// scanner.finish { mask.mark(row: $0.y, changes: $0.changes, count: w) }
/// ```
package struct ChangeScanner: Sendable {
    /// One row compared, as handed to the caller; its buffers are valid only during the call.
    package struct ScannedRow {
        package let y: Int
        /// The changed pixels, as `PixelDifference.compare(_:_:pixels:threshold:changes:)` lays them out.
        package let changes: UnsafeBufferPointer<UInt64>
        /// The pixels that differ by anti-aliasing only, laid out the same way.
        package let antialiased: UnsafeBufferPointer<UInt64>
        /// The rows compared: A's, and B's with the ignored areas taken from A.
        package let a: UnsafeRawBufferPointer
        package let b: UnsafeRawBufferPointer
    }

    package let width: Int
    package let height: Int
    package let criteria: PixelCriteria
    /// The ignored areas, clipped to the image.
    package let ignored: [Rect]
    /// The columns the ignored areas cover, as disjoint ranges in order, for each span of
    /// rows over which they stay the same: worked out once, not for every row.
    private let maskedRuns: [(rows: Range<Int>, columns: [Range<Int>])]
    /// The most rows one `add` may take.
    package let batchRows: Int
    /// The figures of the rows handed over so far.
    package private(set) var difference = PixelDifference()
    /// The rows added so far: the next row added is row `rowsAdded`.
    package private(set) var rowsAdded = 0
    private var rowsScanned = 0
    /// How many rows a row waits for below it before it is scanned.
    private let lag: Int
    /// The rows each window holds, row y at `y % slots`: a batch and the rows around it.
    private let slots: Int
    private var windowA: [UInt8]
    private var windowB: [UInt8]
    /// The bit rows of the rows being scanned, `words` apart.
    private var changes: [UInt64]
    private var antialiased: [UInt64]
    private let words: Int
    /// The figures of the rows being scanned.
    private var figures: [PixelDifference]

    /// - Parameters:
    ///   - ignored: Areas in the images' coordinates; the parts outside them are dropped.
    ///   - batchRows: The most rows one `add` takes. The rows a batch makes ready are
    ///     scanned on several threads, which pays when many pixels differ and the tests
    ///     of anti-aliasing or colour distance run; memory grows to `batchRows + 4` rows.
    package init(
        width: Int, height: Int, criteria: PixelCriteria = PixelCriteria(), ignoring ignored: [Rect] = [], batchRows: Int = 1
    ) {
        precondition(width >= 0 && height >= 0, "a size of \(width)×\(height)")
        precondition(batchRows >= 1, "batches of \(batchRows) rows")
        self.width = width
        self.height = height
        self.criteria = criteria
        self.batchRows = batchRows
        let image = Rect(x: 0, y: 0, width: width, height: height)
        self.ignored = ignored.compactMap { $0.intersection(image) }.filter { !$0.isEmpty }
        maskedRuns = Self.maskedRuns(of: self.ignored)
        lag = criteria.ignoresAntialiasing ? 2 : 0
        slots = 2 * lag + batchRows
        windowA = [UInt8](repeating: 0, count: slots * width * 4)
        windowB = windowA
        words = (width + 63) / 64
        changes = [UInt64](repeating: 0, count: (batchRows + lag) * words)
        antialiased = changes
        figures = [PixelDifference](repeating: PixelDifference(), count: batchRows + lag)
    }

    /// Adds row `rowsAdded` of each image and hands over each row that can now be scanned.
    ///
    /// - Parameters:
    ///   - a, b: At least `width × 4` bytes each, straight RGBA.
    ///   - scanned: Called once for each row scanned, in order from the top.
    package mutating func add(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, scanned: (ScannedRow) -> Void) {
        add(a, stride: a.count, b, stride: b.count, rows: 1, scanned: scanned)
    }

    /// Adds the next `rows` rows of each image, at most `batchRows`, and hands over each
    /// row that can now be scanned.
    ///
    /// - Parameters:
    ///   - a, b: `rows` rows of straight RGBA, `strideA` and `strideB` bytes apart, each at
    ///     least `width × 4` bytes.
    ///   - scanned: Called once for each row scanned, in order from the top, on the calling thread.
    package mutating func add(
        _ a: UnsafeRawBufferPointer, stride strideA: Int, _ b: UnsafeRawBufferPointer, stride strideB: Int, rows: Int,
        scanned: (ScannedRow) -> Void
    ) {
        precondition(rows >= 1 && rows <= batchRows, "\(rows) rows in batches of \(batchRows)")
        precondition(rowsAdded + rows <= height, "rows \(rowsAdded)..<\(rowsAdded + rows) past the height \(height)")
        let bytes = width * 4
        precondition(strideA >= bytes && strideB >= bytes && a.count >= strideA * (rows - 1) + bytes
            && b.count >= strideB * (rows - 1) + bytes, "rows shorter than \(width) px")
        for row in 0..<rows {
            addRow(
                UnsafeRawBufferPointer(rebasing: a[row * strideA..<row * strideA + bytes]),
                UnsafeRawBufferPointer(rebasing: b[row * strideB..<row * strideB + bytes]))
        }
        scan(upTo: rowsAdded - lag, scanned)
    }

    /// Hands over the rows still waiting, once every row has been added.
    package mutating func finish(scanned: (ScannedRow) -> Void) {
        precondition(rowsAdded == height, "\(rowsAdded) of \(height) rows added")
        scan(upTo: rowsAdded, scanned)
    }

    /// Copies one row of each image into the windows, B's ignored areas taken from A.
    private mutating func addRow(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) {
        let y = rowsAdded
        let bytes = width * 4
        let start = (y % slots) * bytes
        let threshold = criteria.threshold
        var masked = 0
        let columns = maskedColumns(row: y)
        windowA.withUnsafeMutableBytes { windowA in
            windowB.withUnsafeMutableBytes { windowB in
                let rowA = UnsafeMutableRawBufferPointer(rebasing: windowA[start..<start + bytes])
                let rowB = UnsafeMutableRawBufferPointer(rebasing: windowB[start..<start + bytes])
                rowA.copyMemory(from: a)
                rowB.copyMemory(from: b)
                guard let baseA = rowA.baseAddress, let baseB = rowB.baseAddress else { return }
                for range in columns {
                    for x in range where PixelDifference.channelDifference(baseA, baseB, pixel: x) > threshold {
                        masked += 1
                    }
                    UnsafeMutableRawBufferPointer(rebasing: rowB[4 * range.lowerBound..<4 * range.upperBound])
                        .copyMemory(from: UnsafeRawBufferPointer(rebasing: rowA[4 * range.lowerBound..<4 * range.upperBound]))
                }
            }
        }
        difference.maskedPixels += masked
        rowsAdded += 1
    }

    /// The columns of row `y` inside an ignored area, as disjoint ranges in order.
    private func maskedColumns(row y: Int) -> [Range<Int>] {
        maskedRuns.first { $0.rows.contains(y) }?.columns ?? []
    }

    /// Splits the rows at every edge of an area and merges, for each span between edges, the
    /// columns the areas crossing it cover.
    private static func maskedRuns(of areas: [Rect]) -> [(rows: Range<Int>, columns: [Range<Int>])] {
        let edges = Set(areas.flatMap { [$0.y, $0.maxY] }).sorted()
        return zip(edges, edges.dropFirst()).compactMap { top, bottom in
            let ranges = areas.filter { $0.y <= top && top < $0.maxY }.map { $0.x..<$0.maxX }.sorted { $0.lowerBound < $1.lowerBound }
            var merged: [Range<Int>] = []
            for range in ranges {
                if let last = merged.last, range.lowerBound <= last.upperBound {
                    merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
                } else {
                    merged.append(range)
                }
            }
            return merged.isEmpty ? nil : (top..<bottom, merged)
        }
    }

    /// Scans the rows from `rowsScanned` to `end`, several at once on other threads when
    /// there are enough, and hands them over in order.
    private mutating func scan(upTo end: Int, _ scanned: (ScannedRow) -> Void) {
        let first = rowsScanned
        let count = end - first
        guard count > 0 else { return }
        let row = RowScan(width: width, height: height, slots: slots, words: words, criteria: criteria)
        windowA.withUnsafeBytes { windowA in
            windowB.withUnsafeBytes { windowB in
                changes.withUnsafeMutableBufferPointer { changes in
                    antialiased.withUnsafeMutableBufferPointer { antialiased in
                        figures.withUnsafeMutableBufferPointer { figures in
                            let shared = SharedBuffers(
                                windowA: windowA, windowB: windowB, changes: changes, antialiased: antialiased, figures: figures)
                            // A chunk of rows is worth a thread only when it has rows to spare.
                            let chunks = count >= 16 ? min(count / 8, 4) : 1
                            if chunks == 1 {
                                for index in 0..<count { row.scan(first + index, index: index, in: shared) }
                            } else {
                                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                                    for index in stride(from: chunk, to: count, by: chunks) {
                                        row.scan(first + index, index: index, in: shared)
                                    }
                                }
                            }
                            for index in 0..<count {
                                let y = first + index
                                let start = (y % slots) * width * 4
                                let bits = index * words..<(index + 1) * words
                                scanned(ScannedRow(
                                    y: y, changes: UnsafeBufferPointer(rebasing: changes[bits]),
                                    antialiased: UnsafeBufferPointer(rebasing: antialiased[bits]),
                                    a: UnsafeRawBufferPointer(rebasing: windowA[start..<start + width * 4]),
                                    b: UnsafeRawBufferPointer(rebasing: windowB[start..<start + width * 4])))
                            }
                        }
                    }
                }
            }
        }
        for figure in figures[0..<count] { difference.merge(figure) }
        rowsScanned = end
    }

    /// The windows and the rows' results, shared by the threads that scan rows: each
    /// thread writes only the bit rows and figures of its own rows.
    private struct SharedBuffers: @unchecked Sendable {
        let windowA: UnsafeRawBufferPointer
        let windowB: UnsafeRawBufferPointer
        let changes: UnsafeMutableBufferPointer<UInt64>
        let antialiased: UnsafeMutableBufferPointer<UInt64>
        let figures: UnsafeMutableBufferPointer<PixelDifference>
    }

    /// The scan of one row: the channel test, then the finer tests of the pixels it marked.
    private struct RowScan: Sendable {
        let width: Int
        let height: Int
        let slots: Int
        let words: Int
        let criteria: PixelCriteria

        /// Scans row `y` into bit row and figure `index`.
        func scan(_ y: Int, index: Int, in shared: SharedBuffers) {
            let start = (y % slots) * width * 4
            let rowA = UnsafeRawBufferPointer(rebasing: shared.windowA[start..<start + width * 4])
            let rowB = UnsafeRawBufferPointer(rebasing: shared.windowB[start..<start + width * 4])
            let changes = UnsafeMutableBufferPointer(rebasing: shared.changes[index * words..<(index + 1) * words])
            let antialiased = UnsafeMutableBufferPointer(rebasing: shared.antialiased[index * words..<(index + 1) * words])
            var figure = PixelDifference.compare(rowA, rowB, pixels: width, threshold: criteria.threshold, changes: changes)
            antialiased.update(repeating: 0)
            if figure.changedPixels > 0, let baseA = shared.windowA.baseAddress, let baseB = shared.windowB.baseAddress {
                let detector = AntialiasingDetector(
                    a: baseA, b: baseB, width: width, height: height, slots: slots, row: y, rowSlot: y % slots,
                    background: criteria.alphaBackground)
                figure.changedPixels = refine(changes, antialiased, detector: detector)
                figure.antialiasedPixels = antialiased.reduce(0) { $0 + $1.nonzeroBitCount }
            }
            shared.figures[index] = figure
        }

        /// Tests the pixels the channel test marked again: clears those within the colour
        /// threshold, moves those anti-aliased to `antialiased`, and returns how many are left.
        private func refine(
            _ changes: UnsafeMutableBufferPointer<UInt64>, _ antialiased: UnsafeMutableBufferPointer<UInt64>,
            detector: AntialiasingDetector
        ) -> Int {
            let limit = criteria.colorThreshold.map { PerceptualColor.maximumDistance * $0 * $0 }
            let rowA = detector.rowStart(detector.a, detector.row)
            let rowB = detector.rowStart(detector.b, detector.row)
            var count = 0
            for index in changes.indices {
                var word = changes[index]
                var kept = word
                while word != 0 {
                    let bit = word.trailingZeroBitCount
                    word &= word - 1
                    let x = index * 64 + bit
                    if let limit, PerceptualColor.distance(
                        rowA + x * 4, rowB + x * 4, over: criteria.alphaBackground.color(at: detector.row * detector.width + x)) <= limit {
                        kept &= ~(1 << bit)
                    } else if criteria.ignoresAntialiasing, detector.isAntialiased(x: x) {
                        kept &= ~(1 << bit)
                        antialiased[index] |= 1 << bit
                    }
                }
                changes[index] = kept
                count += kept.nonzeroBitCount
            }
            return count
        }
    }
}
