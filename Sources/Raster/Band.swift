import CResample
import Geometry


/// A strip of whole sheet rows, `rows`, across the sheet's full width, that tiles are
/// composited onto before it is written out and dropped.
///
/// A band starts as the background colour and stores 8-bit pixels in the form the PNG
/// writer takes: RGB when the background is opaque, RGBA with straight alpha otherwise.
/// Tiles are drawn with the "over" operator, clipped to the band, so a tile that spans two
/// bands draws its top part into one and its bottom part into the other, and the two read
/// exactly as if it had been drawn into one band covering both.
///
/// Pixels no tile covers stay exactly the background; an opaque tile pixel comes out as
/// exactly its colour; a translucent one within ±1 of "over" in exact arithmetic.
public struct Band: Sendable {
    /// The sheet's width in pixels.
    public let width: Int
    /// The sheet rows this band holds, top to bottom.
    public let rows: Range<Int>
    public let background: Color
    public let format: ChannelLayout
    /// `rows.count` rows of `bytesPerRow` bytes, no padding.
    var storage: [UInt8]

    /// A band of sheet rows `rows`, `width` pixels wide, filled with `background`.
    ///
    /// - Throws: `RasterError.invalidSize` when the band has no width or no rows.
    package init(width: Int, rows: Range<Int>, background: Color) throws(RasterError) {
        guard width > 0, !rows.isEmpty else { throw .invalidSize(width: width, height: rows.count) }
        self.width = width
        self.rows = rows
        self.background = background
        format = ChannelLayout(background: background)
        let pixel = [background.red, background.green, background.blue, background.alpha].prefix(format.channelCount)
        let count = width * rows.count * pixel.count
        // One pixel, then copies of everything filled so far: log(n) block copies instead of n appends.
        storage = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            for (offset, channel) in pixel.enumerated() { (base + offset).initialize(to: channel) }
            var filled = pixel.count
            while filled < count {
                let chunk = min(filled, count - filled)
                (base + filled).initialize(from: base, count: chunk)
                filled += chunk
            }
            initialized = count
        }
    }

    /// A band holding rows already drawn elsewhere (a diff sheet, a crop cut from a sheet),
    /// `pixels` being `rows.count` rows of `width` pixels in `format`, so every writer takes
    /// them through the same sink as a composed sheet's bands.
    ///
    /// - Parameter background: what drawing onto the band would start from; it changes no pixel.
    /// - Throws: `RasterError.invalidSize` when the band has no width or no rows, or when
    ///   `pixels` does not hold exactly that many rows.
    package init(width: Int, rows: Range<Int>, format: ChannelLayout, pixels: [UInt8], background: Color) throws(RasterError) {
        guard width > 0, !rows.isEmpty, pixels.count == width * rows.count * format.channelCount else {
            throw .invalidSize(width: width, height: rows.count)
        }
        self.width = width
        self.rows = rows
        self.background = background
        self.format = format
        storage = pixels
    }

    /// Bytes from one row's start to the next.
    public var bytesPerRow: Int { width * format.channelCount }

    /// The band's pixels, `rows.count` rows of `bytesPerRow` bytes, top row first: what the
    /// PNG writer reads.
    public func withUnsafeBytes<Value, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        // `Array.withUnsafeBytes` only rethrows untyped errors, so the typed one rides in a Result.
        let outcome = storage.withUnsafeBytes { bytes in
            Result { () throws(Failure) in try body(bytes) }
        }
        return try outcome.get()
    }

    /// The pixel at sheet column `x`, sheet row `y` (which must lie in `rows`), with
    /// straight alpha.
    public func color(x: Int, y: Int) -> Color {
        let offset = (y - rows.lowerBound) * bytesPerRow + x * format.channelCount
        switch format {
        case .rgb:
            return Color(red: storage[offset], green: storage[offset + 1], blue: storage[offset + 2])
        case .rgba:
            return Color(
                red: storage[offset], green: storage[offset + 1], blue: storage[offset + 2], alpha: storage[offset + 3])
        }
    }

    /// Draws `tile` over the band with its top-left pixel at `rect`'s origin, clipped to
    /// `rect` and to the band.
    ///
    /// - Parameters:
    ///   - tile: The resampled pixels, normally exactly `rect`'s size.
    ///   - rect: Where the tile lies on the sheet, in sheet coordinates.
    package mutating func composite(_ tile: TilePixels, at rect: Rect) {
        let drawn = Rect(x: rect.x, y: rect.y, width: min(rect.width, tile.width), height: min(rect.height, tile.height))
        guard let clip = drawn.intersection(bandRect) else { return }
        let format = format
        let bytesPerRow = bytesPerRow
        let rowOffset = rows.lowerBound
        tile.storage.withUnsafeBufferPointer { tilePixels in
            storage.withUnsafeMutableBufferPointer { bandPixels in
                guard let tileBase = tilePixels.baseAddress, let bandBase = bandPixels.baseAddress else { return }
                for y in clip.y..<(clip.y + clip.height) {
                    let source = tileBase + ((y - rect.y) * tile.width + (clip.x - rect.x)) * 4
                    let target = bandBase + (y - rowOffset) * bytesPerRow + clip.x * format.channelCount
                    switch format {
                    case .rgb:
                        cresample_over_rgb(source, target, clip.width)
                    case .rgba:
                        for x in 0..<clip.width {
                            Band.blendTranslucent(source + x * 4, onto: target + x * 4)
                        }
                    }
                }
            }
        }
    }

    /// Paints `color` over the part of `rect` inside the band, as a tile of that one colour
    /// would: a placeholder for a source that could not be read.
    package mutating func fill(_ rect: Rect, with color: Color) {
        guard let clip = rect.intersection(bandRect) else { return }
        let premultiplied = TilePixels.premultiplied(color)
        let pixel = (0..<4).map { premultiplied[$0] }
        let format = format
        let bytesPerRow = bytesPerRow
        let rowOffset = rows.lowerBound
        pixel.withUnsafeBufferPointer { pixel in
            storage.withUnsafeMutableBufferPointer { bandPixels in
                guard let source = pixel.baseAddress, let bandBase = bandPixels.baseAddress else { return }
                for y in clip.y..<(clip.y + clip.height) {
                    let target = bandBase + (y - rowOffset) * bytesPerRow + clip.x * format.channelCount
                    switch format {
                    case .rgb:
                        for x in 0..<clip.width { Band.blendOpaque(source, onto: target + x * 3) }
                    case .rgba:
                        for x in 0..<clip.width { Band.blendTranslucent(source, onto: target + x * 4) }
                    }
                }
            }
        }
    }

    /// The band's pixels as a rect in sheet coordinates.
    var bandRect: Rect {
        Rect(x: 0, y: rows.lowerBound, width: width, height: rows.count)
    }

    /// "Over" onto an opaque RGB pixel: `c = p + b·(1 − q)` in units of 1/255, rounded.
    ///
    /// With `q` and `p` in 1/65535 that is `(255·p + b·(65535 − q)) / 65535`; it never
    /// exceeds 255 because `p ≤ q`.
    @inline(__always)
    static func blendOpaque(_ source: UnsafePointer<UInt16>, onto target: UnsafeMutablePointer<UInt8>) {
        let coverage = UInt32(source[3])
        let uncovered = UInt32(TilePixels.unit) - coverage
        for channel in 0..<3 {
            let value = 255 * UInt32(source[channel]) + UInt32(target[channel]) * uncovered
            target[channel] = UInt8((value + 32767) / 65535)
        }
    }

    /// "Over" onto a straight-alpha RGBA pixel `(C, A)`:
    /// `α = q + A·(1 − q)` and `c = (p + C·A·(1 − q)) / α`, each rounded once.
    ///
    /// In integers, `α·255·65535 = 255·q + A·(65535 − q)` (call it `D`) and
    /// `c·255 = (65025·p + C·A·(65535 − q)) / D`; both stay within 255 since `p ≤ q`.
    @inline(__always)
    static func blendTranslucent(_ source: UnsafePointer<UInt16>, onto target: UnsafeMutablePointer<UInt8>) {
        let coverage = UInt64(source[3])
        // Nothing drawn leaves the pixel as it was, even a transparent background's colour.
        guard coverage > 0 else { return }
        if coverage == UInt64(TilePixels.unit) {
            // Full coverage hides the pixel: the same rounding as below, without the divisions.
            for channel in 0..<3 {
                target[channel] = UInt8((255 * UInt32(source[channel]) + 32767) / 65535)
            }
            target[3] = 255
            return
        }
        let uncovered = UInt64(TilePixels.unit) - coverage
        let backgroundAlpha = UInt64(target[3])
        let denominator = 255 * coverage + backgroundAlpha * uncovered
        for channel in 0..<3 {
            let numerator = 65025 * UInt64(source[channel]) + UInt64(target[channel]) * backgroundAlpha * uncovered
            target[channel] = UInt8((2 * numerator + denominator) / (2 * denominator))
        }
        target[3] = UInt8((denominator + 32767) / 65535)
    }
}
