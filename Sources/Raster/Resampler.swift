// `premultiply` reads RGBA bytes as little-endian `UInt32`s; no big-endian path exists.
#if _endian(big)
#error("Resampler.premultiply assumes a little-endian CPU: it reads alpha from the top byte of each RGBA UInt32")
#endif

/// Scales a source to a tile while its rows stream in, never holding the source whole.
///
/// The caller pushes the source's rows in order, any number at a time, as 8-bit RGBA with
/// straight alpha. Each row is premultiplied and resampled horizontally at once into a
/// small ring of destination-width rows; a destination row is resampled vertically, and
/// handed over, as soon as the last source row under its kernel has arrived. The ring holds
/// only as many rows as the widest vertical kernel spans, so working memory follows the
/// destination width and the filter's support, not the source's height (see
/// `workingMemoryByteCount`).
///
/// Colour is resampled premultiplied, in `Float`, with weights fixed before the first row
/// and sums taken in a fixed order, so the same source gives the same bits on any thread.
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
public struct Resampler: Sendable {
    public let sourceWidth: Int
    public let sourceHeight: Int
    public let destinationWidth: Int
    public let destinationHeight: Int
    public let filter: ResampleFilter
    /// How many source rows have been pushed.
    public private(set) var rowsPushed = 0
    /// How many destination rows have been finished and handed over.
    public private(set) var rowsFinished = 0

    private let horizontal: ResampleWeights
    private let vertical: ResampleWeights
    /// How many horizontally resampled rows the ring holds: the widest vertical window.
    private let ringRowCount: Int
    /// The source row being read, premultiplied, in units of 1/65025.
    private var premultipliedRow: [SIMD4<Float>]
    /// `ringRowCount` rows of `destinationWidth`; source row `r` lives in ring row `r % ringRowCount`.
    private var ring: [SIMD4<Float>]
    /// The vertical sums of the destination row being finished.
    private var sums: [SIMD4<Float>]
    /// The destination row handed to the caller, premultiplied, in units of 1/65535.
    private var finishedRow: [UInt16]

    /// Prepares the weights and the ring for one source-to-tile resample.
    ///
    /// - Throws: `RasterError.invalidSize` when either size has a side under 1 px.
    public init(
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
        horizontal = ResampleWeights(inputSize: sourceWidth, outputSize: destinationWidth, filter: filter)
        vertical = ResampleWeights(inputSize: sourceHeight, outputSize: destinationHeight, filter: filter)
        ringRowCount = vertical.stride
        premultipliedRow = Array(repeating: SIMD4(), count: sourceWidth)
        ring = Array(repeating: SIMD4(), count: ringRowCount * destinationWidth)
        sums = Array(repeating: SIMD4(), count: destinationWidth)
        finishedRow = Array(repeating: 0, count: destinationWidth * 4)
    }

    /// Whether every destination row has been finished; rows pushed after that are ignored.
    public var isComplete: Bool { rowsFinished == destinationHeight }

    /// The bytes this resampler works in besides the tile it fills: one source row, the
    /// ring, one row of sums and one finished row, plus both weight tables.
    ///
    /// For lanczos3 the ring holds about `6 × max(sourceHeight / destinationHeight, 1) + 1`
    /// rows of `destinationWidth` pixels at 16 bytes a pixel.
    public var workingMemoryByteCount: Int {
        let pixel = MemoryLayout<SIMD4<Float>>.stride
        let rows = (premultipliedRow.count + ring.count + sums.count) * pixel + finishedRow.count * 2
        let tables = [horizontal, vertical].reduce(0) { total, table in
            total + table.weights.count * 4 + (table.starts.count + table.counts.count) * MemoryLayout<Int>.stride
        }
        return rows + tables
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
    public mutating func push(
        _ rows: UnsafeRawBufferPointer, emit: (_ y: Int, _ row: UnsafeBufferPointer<UInt16>) -> Void
    ) throws(RasterError) {
        let rowByteCount = sourceWidth * 4
        guard rows.count % rowByteCount == 0 else {
            throw .partialRow(byteCount: rows.count, rowByteCount: rowByteCount)
        }
        let count = rows.count / rowByteCount
        guard rowsPushed + count <= sourceHeight else {
            throw .tooManyRows(pushed: rowsPushed + count, sourceHeight: sourceHeight)
        }
        for index in 0..<count {
            let row = rowsPushed
            rowsPushed += 1
            // Windows only move down, so a row above the next unfinished row's window is
            // needed by no destination row at all.
            guard !isComplete, row >= vertical.starts[rowsFinished] else { continue }
            let bytes = UnsafeRawBufferPointer(rebasing: rows[(index * rowByteCount)..<((index + 1) * rowByteCount)])
            resampleHorizontally(bytes, intoRingRow: row % ringRowCount)
            while !isComplete, vertical.starts[rowsFinished] + vertical.counts[rowsFinished] <= rowsPushed {
                finishRow(rowsFinished)
                finishedRow.withUnsafeBufferPointer { emit(rowsFinished, $0) }
                rowsFinished += 1
            }
        }
    }

    /// Takes the next source rows and writes each destination row they finish into `tile`.
    ///
    /// - Returns: The destination rows this push finished.
    /// - Throws: `RasterError.tileSizeMismatch` when `tile` is not the destination's size,
    ///   and whatever `push(_:emit:)` throws.
    @discardableResult
    public mutating func push(_ rows: UnsafeRawBufferPointer, into tile: inout TilePixels) throws(RasterError) -> Range<Int> {
        guard tile.width == destinationWidth, tile.height == destinationHeight else {
            throw .tileSizeMismatch(
                tileWidth: tile.width, tileHeight: tile.height,
                destinationWidth: destinationWidth, destinationHeight: destinationHeight)
        }
        let first = rowsFinished
        try push(rows) { y, row in tile.setRow(y, to: row) }
        return first..<rowsFinished
    }

    /// Resamples an image held in memory, through the same path a streamed source takes.
    ///
    /// - Throws: `RasterError.invalidSize` for a destination side under 1 px.
    public static func resample(
        _ image: RGBAImage, width: Int, height: Int, filter: ResampleFilter
    ) throws(RasterError) -> TilePixels {
        var resampler = try Resampler(
            sourceWidth: image.width, sourceHeight: image.height,
            destinationWidth: width, destinationHeight: height, filter: filter)
        var tile = try TilePixels(width: width, height: height)
        // `withUnsafeBytes` only rethrows untyped errors, so the push's error rides out in a Result.
        let pushed = image.pixels.withUnsafeBytes { bytes in
            Result { () throws(RasterError) in try resampler.push(bytes, into: &tile) }
        }
        _ = try pushed.get()
        return tile
    }

    /// Premultiplies one source row and resamples it across into a ring row.
    private mutating func resampleHorizontally(_ bytes: UnsafeRawBufferPointer, intoRingRow ringRow: Int) {
        let width = destinationWidth
        let stride = horizontal.stride
        premultipliedRow.withUnsafeMutableBufferPointer { premultiplied in
            Resampler.premultiply(bytes, into: premultiplied)
            ring.withUnsafeMutableBufferPointer { ring in
                horizontal.starts.withUnsafeBufferPointer { starts in
                    horizontal.counts.withUnsafeBufferPointer { counts in
                        horizontal.weights.withUnsafeBufferPointer { weights in
                            guard let source = premultiplied.baseAddress, let target = ring.baseAddress,
                                let weightBase = weights.baseAddress
                            else { return }
                            let row = target + ringRow * width
                            for x in 0..<width {
                                row[x] = Resampler.weightedSum(
                                    source + starts[x], weights: weightBase + x &* stride, count: counts[x])
                            }
                        }
                    }
                }
            }
        }
    }

    /// Converts straight 8-bit RGBA to premultiplied `Float`, in units of 1/65025.
    ///
    /// The unit is 255², so every value is the exact integer `c × a` (or `255 × a` for alpha):
    /// an opaque red's red channel and its alpha are then the same number and stay equal
    /// through the sums, which keeps edges free of dark or pale fringes.
    ///
    /// Assumes a little-endian CPU: the bytes R, G, B, A loaded as one `UInt32` put alpha in
    /// the top byte (`pixels &>> 24`), and `unsafeBitCast` to `SIMD16<UInt8>` hands the bytes
    /// back in R, G, B, A order only when the low byte comes first. On a big-endian CPU this
    /// would premultiply by red, so such a build stops at the `#error` at the top of the file.
    private static func premultiply(_ bytes: UnsafeRawBufferPointer, into target: UnsafeMutableBufferPointer<SIMD4<Float>>) {
        guard let source = bytes.baseAddress, let destination = target.baseAddress else { return }
        let count = target.count
        var x = 0
        // Four pixels at a time, in integers: each pixel's alpha is spread to its colour bytes
        // with shifts, the exact products c·a and a·255 fit 16 bits, and only then do the
        // values become floats: 1.4 times as fast as converting pixel by pixel.
        while x + 4 <= count {
            let pixels = source.loadUnaligned(fromByteOffset: x * 4, as: SIMD4<UInt32>.self)
            let alpha = pixels &>> 24
            let factors = alpha | alpha &<< 8 | alpha &<< 16 | SIMD4(repeating: 0xFF00_0000)
            let products =
                SIMD16<UInt16>(truncatingIfNeeded: unsafeBitCast(pixels, to: SIMD16<UInt8>.self))
                &* SIMD16<UInt16>(truncatingIfNeeded: unsafeBitCast(factors, to: SIMD16<UInt8>.self))
            let values = SIMD16<Float>(SIMD16<Int32>(truncatingIfNeeded: products))
            UnsafeMutableRawPointer(destination + x).storeBytes(of: values, as: SIMD16<Float>.self)
            x += 4
        }
        while x < count {
            let pixel = SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: source.loadUnaligned(fromByteOffset: x * 4, as: SIMD4<UInt8>.self)))
            destination[x] = pixel * SIMD4(pixel[3], pixel[3], pixel[3], 255)
            x += 1
        }
    }

    /// Σ `source[k] × weights[k]` over `count` taps, in four interleaved sums so that four
    /// adds are in flight at once (a `Float` add takes four cycles to finish); the order is
    /// fixed, so the result is too.
    @inline(__always)
    private static func weightedSum(
        _ source: UnsafePointer<SIMD4<Float>>, weights: UnsafePointer<Float>, count: Int
    ) -> SIMD4<Float> {
        var first = SIMD4<Float>()
        var second = SIMD4<Float>()
        var third = SIMD4<Float>()
        var fourth = SIMD4<Float>()
        var tap = 0
        while tap &+ 3 < count {
            first += source[tap] * weights[tap]
            second += source[tap &+ 1] * weights[tap &+ 1]
            third += source[tap &+ 2] * weights[tap &+ 2]
            fourth += source[tap &+ 3] * weights[tap &+ 3]
            tap &+= 4
        }
        while tap < count {
            first += source[tap] * weights[tap]
            tap &+= 1
        }
        return (first + second) + (third + fourth)
    }

    /// Sums the ring rows under destination row `y`'s kernel and rounds them into `finishedRow`.
    private mutating func finishRow(_ y: Int) {
        let width = destinationWidth
        let start = vertical.starts[y]
        let count = vertical.counts[y]
        let ringRowCount = ringRowCount
        let weightOffset = y * vertical.stride
        ring.withUnsafeBufferPointer { ring in
            sums.withUnsafeMutableBufferPointer { sums in
                vertical.weights.withUnsafeBufferPointer { weights in
                    // Row by row across the whole width, so every read is contiguous.
                    for tap in 0..<count {
                        let weight = weights[weightOffset + tap]
                        let row = UnsafeBufferPointer(
                            rebasing: ring[(((start + tap) % ringRowCount) * width)..<(((start + tap) % ringRowCount + 1) * width)])
                        if tap == 0 {
                            for x in 0..<width { sums[x] = row[x] * weight }
                        } else {
                            for x in 0..<width { sums[x] += row[x] * weight }
                        }
                    }
                }
                finishedRow.withUnsafeMutableBufferPointer { finished in
                    Resampler.quantize(UnsafeBufferPointer(sums), into: finished)
                }
            }
        }
    }

    /// Rescales sums from 1/65025 to 1/65535 and rounds them, clamping alpha to [0, 1] and
    /// each colour to [0, alpha]: lanczos overshoots, and a premultiplied colour above its
    /// alpha would un-premultiply past full.
    private static func quantize(_ sums: UnsafeBufferPointer<SIMD4<Float>>, into target: UnsafeMutableBufferPointer<UInt16>) {
        let scale = Float(TilePixels.unit) / 65025
        let ceiling = Float(TilePixels.unit)
        for x in 0..<sums.count {
            let value = sums[x] * scale
            let alpha = UInt16(min(max(value.w, 0), ceiling) + 0.5)
            target[x * 4] = min(UInt16(min(max(value.x, 0), ceiling) + 0.5), alpha)
            target[x * 4 + 1] = min(UInt16(min(max(value.y, 0), ceiling) + 0.5), alpha)
            target[x * 4 + 2] = min(UInt16(min(max(value.z, 0), ceiling) + 0.5), alpha)
            target[x * 4 + 3] = alpha
        }
    }
}
