import Raster

/// Which pixels of a `width × height` area changed, one bit a pixel: what a tile's
/// comparison keeps so that the diff sheet can paint the changed pixels afterwards.
///
/// Each row is `wordsPerRow` words; pixel `x` is bit `x % 64` (least significant first)
/// of word `x / 64`, the layout `PixelDifference.compare(_:_:pixels:threshold:changes:)`
/// writes, so a row is filled by comparing straight into it. Bits past `width` are always
/// clear, so rows can be counted and compared word by word.
package struct ChangeMask: Sendable, Hashable {
    package let width: Int
    package let height: Int
    /// `height` rows of `wordsPerRow` words.
    private var words: [UInt64]

    /// An area of `width × height` pixels, none of them changed.
    ///
    /// - Throws: `RasterError.invalidSize` for a negative side; an empty mask is allowed.
    package init(width: Int, height: Int) throws(RasterError) {
        guard width >= 0, height >= 0 else { throw .invalidSize(width: width, height: height) }
        self.width = width
        self.height = height
        words = [UInt64](repeating: 0, count: (width + 63) / 64 * height)
    }

    /// Words from one row's start to the next.
    package var wordsPerRow: Int { (width + 63) / 64 }

    /// Whether the pixel at column `x`, row `y` changed.
    package subscript(x: Int, y: Int) -> Bool {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "(\(x), \(y)) is outside \(width)x\(height)")
        return words[y * wordsPerRow + x / 64] >> (x % 64) & 1 == 1
    }

    /// The number of changed pixels.
    package var changedCount: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    /// Marks the pixels at columns `columns` of row `y` as changed.
    package mutating func mark(_ columns: Range<Int>, row y: Int) {
        precondition(columns.lowerBound >= 0 && columns.upperBound <= width, "\(columns) is outside 0..<\(width)")
        precondition(y >= 0 && y < height, "row \(y) is outside 0..<\(height)")
        let rowStart = y * wordsPerRow
        var x = columns.lowerBound
        while x < columns.upperBound {
            let bit = x % 64
            let count = min(64 - bit, columns.upperBound - x)
            let run: UInt64 = count == 64 ? ~0 : ((1 << count) - 1) << bit
            words[rowStart + x / 64] |= run
            x += count
        }
    }

    /// Marks, in row `y`, the pixels set among the first `count` bits of `changes`: a row
    /// of a narrower area (the area two sizes share) laid into this one at its left edge.
    package mutating func mark(row y: Int, changes: UnsafeBufferPointer<UInt64>, count: Int) {
        precondition(y >= 0 && y < height, "row \(y) is outside 0..<\(height)")
        precondition(count >= 0 && count <= width && changes.count >= (count + 63) / 64, "\(count) pixels do not fit")
        let rowStart = y * wordsPerRow
        for index in 0..<(count + 63) / 64 {
            var word = changes[index]
            if index == (count - 1) / 64, count % 64 != 0 { word &= (1 << (count % 64)) - 1 }
            words[rowStart + index] |= word
        }
    }

    /// Compares one row of each area into row `y`, replacing what the row held.
    ///
    /// - Parameters:
    ///   - a, b: At least `width × 4` bytes each, straight RGBA.
    ///   - threshold: As for `PixelDifference.compare(_:_:pixels:threshold:)`.
    /// - Returns: The row's figures.
    package mutating func compare(
        row y: Int, _ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, threshold: Int
    ) -> PixelDifference {
        precondition(y >= 0 && y < height, "row \(y) is outside 0..<\(height)")
        let width = width
        let range = y * wordsPerRow..<(y + 1) * wordsPerRow
        return words[range].withUnsafeMutableBufferPointer { row in
            PixelDifference.compare(a, b, pixels: width, threshold: threshold, changes: row)
        }
    }

    /// Row `y`'s words, for `DiffPaint.highlight` or `ChangeRegions.addRow`.
    package func withRow<Value, Failure: Error>(
        _ y: Int, _ body: (UnsafeBufferPointer<UInt64>) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        precondition(y >= 0 && y < height, "row \(y) is outside 0..<\(height)")
        // `withUnsafeBufferPointer` only rethrows untyped errors, so the typed one rides in a Result.
        let outcome = words[y * wordsPerRow..<(y + 1) * wordsPerRow].withUnsafeBufferPointer { row in
            Result { () throws(Failure) in try body(row) }
        }
        return try outcome.get()
    }
}
