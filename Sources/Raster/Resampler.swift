import CResample

/// Scales a source to a tile while its rows stream in, never holding the source whole.
///
/// The caller pushes the source's rows in order, any number at a time, as 8-bit RGBA with
/// straight alpha. Each row is premultiplied and resampled horizontally at once into a
/// small ring of destination-width rows (up to four rows at a time when a push brings
/// that many, which lets the vector code read each weight once for all of them); a
/// destination row is resampled vertically, and handed over, as soon as the last source
/// row under its kernel has been taken. The ring holds three rows more than the widest vertical kernel spans,
/// so working memory follows the destination width and the filter's support, not the
/// source's height (see `workingMemoryByteCount`).
///
/// Colour is resampled premultiplied, in fixed point as Pillow-SIMD does it (16-bit values
/// and 14-bit weights, summed in 32 bits; see `cresample.h` for the units), with weights
/// fixed before the first row, so the same source gives the same bits on any thread. The
/// passes over rows are CResample's vector code (AVX2 where the CPU has it, portable C
/// otherwise): integer sums, so every path gives the same bits.
///
/// ```swift
/// var resampler = try Resampler(
///     sourceWidth: 6000, sourceHeight: 4000, destinationWidth: 500, destinationHeight: 333,
///     filter: .lanczos3)
/// var tile = try TilePixels(width: 500, height: 333)
/// while let rows = decoder.nextRows() {            // straight RGBA, 6000 × 4 bytes a row
///     try rows.withUnsafeBytes { try resampler.push($0, into: &tile) }
/// }
/// ```
package struct Resampler: Sendable {
    package let sourceWidth: Int
    package let sourceHeight: Int
    package let destinationWidth: Int
    package let destinationHeight: Int
    package let filter: ResampleFilter
    /// How many source rows have been pushed.
    package private(set) var rowsPushed = 0
    /// How many destination rows have been finished and handed over.
    package private(set) var rowsFinished = 0

    private let horizontal: ResampleWeights
    private let vertical: ResampleWeights
    /// How many horizontally resampled rows the ring holds: the widest vertical window,
    /// and three more, so that a group of rows resampled across together never overwrites
    /// a row that a destination row waiting on the first of them still reads.
    private let ringRowCount: Int
    /// The source rows being read, premultiplied (CResample's units): up to `rowsAcross`
    /// rows of 4 values a pixel, each followed by `CRESAMPLE_ROW_PADDING` zero pixels.
    private var premultipliedRows: [Int16]
    /// `ringRowCount` rows of `destinationWidth` pixels, 4 values each; source row `r` lives
    /// in ring row `r % ringRowCount`.
    private var ring: [Int16]
    /// The destination row handed to the caller, premultiplied, in units of 1/65535.
    private var finishedRow: [UInt16]
    /// Where each tap's ring row starts, for the row being finished: CResample's scratch.
    private var tapRows: [Int]

    /// Prepares the weights and the ring for one source-to-tile resample.
    ///
    /// - Throws: `RasterError.invalidSize` when either size has a side under 1 px.
    package init(
        sourceWidth: Int, sourceHeight: Int, destinationWidth: Int, destinationHeight: Int,
        filter: ResampleFilter
    ) throws(RasterError) {
        guard sourceWidth > 0, sourceHeight > 0 else {
            throw .invalidSize(width: sourceWidth, height: sourceHeight)
        }
        guard destinationWidth > 0, destinationHeight > 0 else {
            throw .invalidSize(width: destinationWidth, height: destinationHeight)
        }
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.destinationWidth = destinationWidth
        self.destinationHeight = destinationHeight
        self.filter = filter
        horizontal = ResampleWeights.shared(inputSize: sourceWidth, outputSize: destinationWidth, filter: filter)
        vertical = ResampleWeights.shared(inputSize: sourceHeight, outputSize: destinationHeight, filter: filter)
        ringRowCount = vertical.taps + Resampler.rowsAcross - 1
        premultipliedRows = Array(
            repeating: 0, count: (sourceWidth + Int(CRESAMPLE_ROW_PADDING)) * 4 * Resampler.rowsAcross)
        ring = Array(repeating: 0, count: ringRowCount * destinationWidth * 4)
        finishedRow = Array(repeating: 0, count: destinationWidth * 4)
        tapRows = Array(repeating: 0, count: ringRowCount)
    }

    /// Whether every destination row has been finished; rows pushed after that are ignored.
    package var isComplete: Bool { rowsFinished == destinationHeight }

    /// The most source rows resampled across in one step.
    private static let rowsAcross = 4

    /// The bytes this resampler works in besides the tile it fills: four source rows, the
    /// ring and one finished row, plus both weight tables (which resamplers of the same
    /// sizes share).
    ///
    /// For lanczos3 the ring holds about `6 × max(sourceHeight / destinationHeight, 1) + 4`
    /// rows of `destinationWidth` pixels at 8 bytes a pixel.
    package var workingMemoryByteCount: Int {
        let rows = (premultipliedRows.count + ring.count) * MemoryLayout<Int16>.stride + finishedRow.count * 2
            + tapRows.count * MemoryLayout<Int>.stride
        return rows + horizontal.byteCount + vertical.byteCount
    }

    /// Takes the next source rows and hands over each destination row they finish.
    ///
    /// - Parameters:
    ///   - rows: One or more whole source rows, `sourceWidth × 4` bytes each, 8-bit RGBA
    ///     with straight alpha, following the rows pushed before.
    ///   - emit: Called once for each finished destination row, in order, with its index and
    ///     its `destinationWidth × 4` premultiplied values (fractions of `TilePixels.unit`).
    ///     The buffer is reused for the next row.
    /// - Throws: `RasterError.partialRow` when `rows` is not a whole number of rows, or
    ///   `RasterError.tooManyRows` when the source would grow past `sourceHeight`; nothing
    ///   is taken from `rows` then.
    package mutating func push(
        _ rows: UnsafeRawBufferPointer, emit: (_ y: Int, _ row: UnsafeBufferPointer<UInt16>) -> Void
    ) throws(RasterError) {
        // The loop takes its hand-over as an optional, which Swift holds escaping; it never
        // keeps it past this call.
        try withoutActuallyEscaping(emit) { (emit) throws(RasterError) in try take(rows, into: nil, emit: emit) }
    }

    /// Takes the next source rows and writes each destination row they finish into `tile`.
    ///
    /// - Returns: The destination rows this push finished.
    /// - Throws: `RasterError.tileSizeMismatch` when `tile` is not the destination's size,
    ///   and whatever `push(_:emit:)` throws.
    @discardableResult
    package mutating func push(_ rows: UnsafeRawBufferPointer, into tile: inout TilePixels) throws(RasterError) -> Range<Int> {
        guard tile.width == destinationWidth, tile.height == destinationHeight else {
            throw .tileSizeMismatch(
                tileWidth: tile.width, tileHeight: tile.height,
                destinationWidth: destinationWidth, destinationHeight: destinationHeight)
        }
        let first = rowsFinished
        // Rows are finished straight into the tile's storage: copying each one over from
        // `finishedRow` was a fiftieth of a thumbnail sheet's time.
        let taken = tile.storage.withUnsafeMutableBufferPointer { values in
            Result { () throws(RasterError) in try take(rows, into: values.baseAddress, emit: nil) }
        }
        try taken.get()
        return first..<rowsFinished
    }

    /// The one loop behind both pushes: resamples each row across into the ring, and
    /// finishes every destination row it completes, into `tile` (the whole tile's values)
    /// when given, else into `finishedRow` handed to `emit`.
    private mutating func take(
        _ rows: UnsafeRawBufferPointer, into tile: UnsafeMutablePointer<UInt16>?,
        emit: ((_ y: Int, _ row: UnsafeBufferPointer<UInt16>) -> Void)?
    ) throws(RasterError) {
        let rowByteCount = sourceWidth * 4
        guard rows.count % rowByteCount == 0 else {
            throw .partialRow(byteCount: rows.count, rowByteCount: rowByteCount)
        }
        let count = rows.count / rowByteCount
        guard rowsPushed + count <= sourceHeight else {
            throw .tooManyRows(pushed: rowsPushed + count, sourceHeight: sourceHeight)
        }
        var index = 0
        while index < count {
            let row = rowsPushed
            // Windows only move down, so a row above the next unfinished row's window is
            // needed by no destination row at all.
            guard !isComplete, row >= vertical.starts[rowsFinished] else {
                rowsPushed += 1
                index += 1
                continue
            }
            let taken = min(count - index, Resampler.rowsAcross)
            resampleHorizontally(
                UnsafeRawBufferPointer(rebasing: rows[(index * rowByteCount)..<((index + taken) * rowByteCount)]),
                fromRow: row)
            rowsPushed += taken
            index += taken
            while !isComplete, vertical.starts[rowsFinished] + vertical.counts[rowsFinished] <= rowsPushed {
                finishRow(rowsFinished, into: tile.map { $0 + rowsFinished * destinationWidth * 4 })
                if let emit { finishedRow.withUnsafeBufferPointer { emit(rowsFinished, $0) } }
                rowsFinished += 1
            }
        }
    }

    /// Resamples an image held in memory, through the same path a streamed source takes.
    ///
    /// - Throws: `RasterError.invalidSize` for a destination side under 1 px.
    package static func resample(
        _ image: RGBAImage, width: Int, height: Int, filter: ResampleFilter
    ) throws(RasterError) -> TilePixels {
        var tile = try TilePixels(width: width, height: height)
        try resample(image, into: &tile, filter: filter)
        return tile
    }

    /// Resamples an image held in memory into a tile that already has its size, overwriting
    /// every pixel: memory made once and used again, as the sheet's pipeline uses its tiles,
    /// so that a measurement of the resampler is not one of the kernel's first touch of pages.
    ///
    /// - Throws: `RasterError.invalidSize` for a destination side under 1 px.
    package static func resample(
        _ image: RGBAImage, into tile: inout TilePixels, filter: ResampleFilter
    ) throws(RasterError) {
        var resampler = try Resampler(
            sourceWidth: image.width, sourceHeight: image.height,
            destinationWidth: tile.width, destinationHeight: tile.height, filter: filter)
        // `withUnsafeBytes` only rethrows untyped errors, so the push's error rides out in a Result.
        let pushed = image.pixels.withUnsafeBytes { bytes in
            Result { () throws(RasterError) in try resampler.push(bytes, into: &tile) }
        }
        _ = try pushed.get()
    }

    /// Premultiplies one source row, or a group of them, and resamples them across into
    /// their ring rows.
    private mutating func resampleHorizontally(_ bytes: UnsafeRawBufferPointer, fromRow row: Int) {
        let width = destinationWidth
        let sourceWidth = sourceWidth
        let ringRowCount = ringRowCount
        let count = bytes.count / (sourceWidth * 4)
        premultipliedRows.withUnsafeMutableBufferPointer { scratch in
            ring.withUnsafeMutableBufferPointer { ring in
                horizontal.withAxis { axis in
                    guard let source = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), let ring = ring.baseAddress
                    else { return }
                    withUnsafeTemporaryAllocation(of: UnsafePointer<UInt8>?.self, capacity: count) { rows in
                        withUnsafeTemporaryAllocation(of: UnsafeMutablePointer<Int16>?.self, capacity: count) { targets in
                            for index in 0..<count {
                                rows[index] = UnsafePointer(source + index * sourceWidth * 4)
                                targets[index] = ring + ((row + index) % ringRowCount) * width * 4
                            }
                            cresample_across_rows(
                                rows.baseAddress, count, sourceWidth, scratch.baseAddress, axis, width, targets.baseAddress)
                        }
                    }
                }
            }
        }
    }

    /// Sums the ring rows under destination row `y`'s kernel and rounds them into `target`
    /// (`destinationWidth × 4` values), or `finishedRow` without one: rescaled to 1/65535,
    /// alpha clamped to [0, 1] and each colour to [0, alpha] (lanczos overshoots, and a
    /// premultiplied colour above its alpha would un-premultiply past full).
    private mutating func finishRow(_ y: Int, into target: UnsafeMutablePointer<UInt16>?) {
        let width = destinationWidth
        let start = vertical.starts[y]
        let count = vertical.counts[y]
        let ringRowCount = ringRowCount
        let weightOffset = y * vertical.stride
        ring.withUnsafeBufferPointer { ring in
            vertical.weights.withUnsafeBufferPointer { weights in
                tapRows.withUnsafeMutableBufferPointer { tapRows in
                    finishedRow.withUnsafeMutableBufferPointer { finished in
                        guard let weights = weights.baseAddress else { return }
                        cresample_down(
                            ring.baseAddress, ringRowCount, width, start, count, weights + weightOffset, tapRows.baseAddress,
                            target ?? finished.baseAddress)
                    }
                }
            }
        }
    }
}
