import Geometry

/// Compares two images of one size row by row, from the top, by `PixelCriteria`, with
/// areas to ignore: the one place that decides which pixels of a tile, a plain image or a
/// file changed.
///
/// Each row is first compared channel by channel (`PixelDifference`, vectorised); only the
/// pixels that differ there are tested again for perceptual distance and anti-aliasing, so
/// a pair that differs little costs little more than the channel test. Anti-aliasing needs
/// two rows below the pixel, so with `ignoresAntialiasing` each row is handed over two rows
/// after it was added (the rest by `finish`); otherwise as soon as it is added. Memory is
/// five rows of each image, whatever their height.
///
/// Ignored areas are compared as if B were A there: their pixels never count, in any
/// figure, and those over the channel threshold are counted in `maskedPixels`.
///
/// ```swift
/// var scanner = ChangeScanner(width: w, height: h, criteria: PixelCriteria(ignoresAntialiasing: true))
/// for y in 0..<h { scanner.add(rowA(y), rowB(y)) { mask.mark(row: $0.y, changes: $0.changes, count: w) } }
/// scanner.finish { mask.mark(row: $0.y, changes: $0.changes, count: w) }
/// ```
public struct ChangeScanner: Sendable {
    /// One row compared, as handed to the caller; its buffers are valid only during the call.
    public struct ScannedRow {
        public let y: Int
        /// The changed pixels, as `PixelDifference.compare(_:_:pixels:threshold:changes:)` lays them out.
        public let changes: UnsafeBufferPointer<UInt64>
        /// The pixels that differ by anti-aliasing only, laid out the same way.
        public let antialiased: UnsafeBufferPointer<UInt64>
        /// The rows compared: A's, and B's with the ignored areas taken from A.
        public let a: UnsafeRawBufferPointer
        public let b: UnsafeRawBufferPointer
    }

    public let width: Int
    public let height: Int
    public let criteria: PixelCriteria
    /// The ignored areas, clipped to the image.
    public let ignored: [Rect]
    /// The figures of the rows handed over so far.
    public private(set) var difference = PixelDifference()
    /// The rows added so far: the next row added is row `rowsAdded`.
    public private(set) var rowsAdded = 0
    private var rowsScanned = 0
    /// How many rows a row waits for below it before it is scanned.
    private let lag: Int
    private var windowA: [UInt8]
    private var windowB: [UInt8]
    private var changes: [UInt64]
    private var antialiased: [UInt64]

    /// - Parameter ignored: Areas in the images' coordinates; the parts outside them are dropped.
    public init(width: Int, height: Int, criteria: PixelCriteria = PixelCriteria(), ignoring ignored: [Rect] = []) {
        precondition(width >= 0 && height >= 0, "a size of \(width)×\(height)")
        self.width = width
        self.height = height
        self.criteria = criteria
        let image = Rect(x: 0, y: 0, width: width, height: height)
        self.ignored = ignored.compactMap { $0.intersection(image) }.filter { !$0.isEmpty }
        lag = criteria.ignoresAntialiasing ? 2 : 0
        windowA = [UInt8](repeating: 0, count: (2 * lag + 1) * width * 4)
        windowB = windowA
        changes = [UInt64](repeating: 0, count: (width + 63) / 64)
        antialiased = changes
    }

    private var slots: Int { 2 * lag + 1 }

    /// Adds row `rowsAdded` of each image and hands over each row that can now be scanned.
    ///
    /// - Parameters:
    ///   - a, b: At least `width × 4` bytes each, straight RGBA.
    ///   - scanned: Called once for each row scanned, in order from the top.
    public mutating func add(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, scanned: (ScannedRow) -> Void) {
        precondition(rowsAdded < height, "row \(rowsAdded) is past the height \(height)")
        precondition(a.count >= width * 4 && b.count >= width * 4, "rows shorter than \(width) px")
        let y = rowsAdded
        let start = (y % slots) * width * 4
        let bytes = width * 4
        let threshold = criteria.threshold
        var masked = 0
        let columns = maskedColumns(row: y)
        windowA.withUnsafeMutableBytes { windowA in
            windowB.withUnsafeMutableBytes { windowB in
                let rowA = UnsafeMutableRawBufferPointer(rebasing: windowA[start..<start + bytes])
                let rowB = UnsafeMutableRawBufferPointer(rebasing: windowB[start..<start + bytes])
                rowA.copyMemory(from: UnsafeRawBufferPointer(rebasing: a[0..<bytes]))
                rowB.copyMemory(from: UnsafeRawBufferPointer(rebasing: b[0..<bytes]))
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
        while rowsScanned + lag < rowsAdded {
            scan(row: rowsScanned, scanned)
            rowsScanned += 1
        }
    }

    /// Hands over the rows still waiting, once every row has been added.
    public mutating func finish(scanned: (ScannedRow) -> Void) {
        precondition(rowsAdded == height, "\(rowsAdded) of \(height) rows added")
        while rowsScanned < rowsAdded {
            scan(row: rowsScanned, scanned)
            rowsScanned += 1
        }
    }

    /// The columns of row `y` inside an ignored area, as disjoint ranges in order.
    private func maskedColumns(row y: Int) -> [Range<Int>] {
        let ranges = ignored.filter { $0.y <= y && y < $0.maxY }.map { $0.x..<$0.maxX }.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = []
        for range in ranges {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    private mutating func scan(row y: Int, _ scanned: (ScannedRow) -> Void) {
        let width = width
        let height = height
        let criteria = criteria
        let slots = slots
        let start = (y % slots) * width * 4
        var row = PixelDifference()
        windowA.withUnsafeBytes { windowA in
            windowB.withUnsafeBytes { windowB in
                changes.withUnsafeMutableBufferPointer { changes in
                    antialiased.withUnsafeMutableBufferPointer { antialiased in
                        let rowA = UnsafeRawBufferPointer(rebasing: windowA[start..<start + width * 4])
                        let rowB = UnsafeRawBufferPointer(rebasing: windowB[start..<start + width * 4])
                        row = PixelDifference.compare(rowA, rowB, pixels: width, threshold: criteria.threshold, changes: changes)
                        antialiased.update(repeating: 0)
                        if row.changedPixels > 0, let baseA = windowA.baseAddress, let baseB = windowB.baseAddress {
                            let detector = AntialiasingDetector(a: baseA, b: baseB, width: width, height: height, slots: slots, row: y)
                            row.changedPixels = Self.refine(changes, antialiased, criteria: criteria, detector: detector)
                            row.antialiasedPixels = antialiased.reduce(0) { $0 + $1.nonzeroBitCount }
                        }
                        scanned(ScannedRow(
                            y: y, changes: UnsafeBufferPointer(changes), antialiased: UnsafeBufferPointer(antialiased),
                            a: rowA, b: rowB))
                    }
                }
            }
        }
        difference.merge(row)
    }

    /// Tests the pixels the channel test marked again: clears those within the colour
    /// threshold, moves those anti-aliased to `antialiased`, and returns how many are left.
    private static func refine(
        _ changes: UnsafeMutableBufferPointer<UInt64>, _ antialiased: UnsafeMutableBufferPointer<UInt64>,
        criteria: PixelCriteria, detector: AntialiasingDetector
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
                if let limit,
                    PerceptualColor.distance(rowA + x * 4, rowB + x * 4) <= limit {
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
