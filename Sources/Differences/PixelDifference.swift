/// How far two equally sized areas of 8-bit straight RGBA pixels are apart: what
/// `pinboard diff` reports for a tile, a row or a whole sheet.
///
/// A pixel is *changed* when its largest channel difference (alpha included) exceeds the
/// threshold it was compared with, and, through `ChangeScanner`, passes the other tests of
/// its `PixelCriteria`; the other figures count every pixel, changed or not, outside the
/// areas ignored.
/// Results of disjoint areas add up with `merge(_:)` in any order and grouping, so rows
/// and bands can be compared on their own and summed.
///
/// ```swift
/// var sheet = PixelDifference()
/// for (a, b) in rowPairs {
///     sheet.merge(PixelDifference.compare(a, b, pixels: width, threshold: 0))
/// }
/// ```
public struct PixelDifference: Sendable, Hashable, Encodable {
    /// The pixels compared.
    public var pixelCount: Int
    /// The pixels whose largest channel difference is over the threshold (and that pass the
    /// criteria's other tests, when `ChangeScanner` compared them).
    public var changedPixels: Int
    /// The largest difference of any channel of any pixel, 0…255, within the threshold or not.
    public var maxChannelDifference: Int
    /// The sum of the squared differences of all four channels of every pixel.
    public var squaredError: UInt64
    /// The pixels that differ only by anti-aliasing, when `PixelCriteria.ignoresAntialiasing`
    /// asked for them: counted here, never in `changedPixels`.
    public var antialiasedPixels: Int
    /// The pixels inside ignored areas whose largest channel difference is over the
    /// threshold: counted here, and compared as if equal.
    public var maskedPixels: Int

    package init(
        pixelCount: Int = 0, changedPixels: Int = 0, maxChannelDifference: Int = 0, squaredError: UInt64 = 0,
        antialiasedPixels: Int = 0, maskedPixels: Int = 0
    ) {
        self.pixelCount = pixelCount
        self.changedPixels = changedPixels
        self.maxChannelDifference = maxChannelDifference
        self.squaredError = squaredError
        self.antialiasedPixels = antialiasedPixels
        self.maskedPixels = maskedPixels
    }

    /// The mean of the squared channel differences, over 4 channels a pixel; 0 when no
    /// pixel was compared.
    public var meanSquaredError: Double {
        pixelCount == 0 ? 0 : Double(squaredError) / Double(4 * pixelCount)
    }

    /// The peak signal-to-noise ratio in dB, `10·log₁₀(255² / meanSquaredError)`, or `nil`
    /// when the areas are identical (or empty): the ratio is then infinite, and no finite
    /// number should be printed or compared as if it were one.
    public var psnr: Double? {
        guard squaredError > 0 else { return nil }
        // 255² / (squaredError / 4n), written so the division happens once.
        return 10 * PixelDifference.log10(65025 * 4 * Double(pixelCount) / Double(squaredError))
    }

    /// Whether no channel of any pixel differs by more than `threshold`: the areas are the
    /// same at that threshold, whichever threshold they were compared with.
    package func isWithin(threshold: Int) -> Bool { maxChannelDifference <= threshold }

    /// Adds the figures of another, disjoint area compared with the same threshold.
    package mutating func merge(_ other: PixelDifference) {
        pixelCount += other.pixelCount
        changedPixels += other.changedPixels
        maxChannelDifference = max(maxChannelDifference, other.maxChannelDifference)
        squaredError += other.squaredError
        antialiasedPixels += other.antialiasedPixels
        maskedPixels += other.maskedPixels
    }

    /// Compares `pixels` RGBA pixels of `a` with as many of `b`, such as one row of each sheet.
    ///
    /// - Parameters:
    ///   - a, b: At least `pixels × 4` bytes each, straight RGBA.
    ///   - threshold: The largest channel difference that still leaves a pixel unchanged,
    ///     0 or more; 255 and over leave every pixel unchanged.
    package static func compare(
        _ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, pixels: Int, threshold: Int
    ) -> PixelDifference {
        compare(a, b, pixels: pixels, threshold: threshold) { _, _ in }
    }

    /// Compares as `compare(_:_:pixels:threshold:)` does and records which pixels changed.
    ///
    /// - Parameter changes: At least `(pixels + 63) / 64` words; word `i / 64`, bit `i % 64`
    ///   (least significant first) is set when pixel `i` changed. The bits past `pixels` in
    ///   the last word are cleared; words after it are left alone.
    package static func compare(
        _ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, pixels: Int, threshold: Int,
        changes: UnsafeMutableBufferPointer<UInt64>
    ) -> PixelDifference {
        precondition(changes.count >= (pixels + 63) / 64, "\(changes.count) words cannot hold \(pixels) pixels")
        return compare(a, b, pixels: pixels, threshold: threshold) { index, word in changes[index] = word }
    }

    /// The largest channel difference of pixel `index` of `a` and `b`.
    @inline(__always)
    static func channelDifference(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, pixel index: Int) -> Int {
        var largest: UInt8 = 0
        for offset in (4 * index)..<(4 * index + 4) {
            let x = a.load(fromByteOffset: offset, as: UInt8.self)
            let y = b.load(fromByteOffset: offset, as: UInt8.self)
            largest = max(largest, max(x, y) &- min(x, y))
        }
        return Int(largest)
    }

    /// The comparison, 64 pixels (one mask word) at a time, handing each word to `record`.
    ///
    /// Each block runs two loops the compiler vectorises: a byte loop for the squares, the
    /// maximum and which bytes are over the threshold, then (only when some byte is) a pixel
    /// loop that folds a pixel's four bytes into one flag. Eight flag bytes become eight mask
    /// bits with one multiplication. A block's squares stay under 256 × 255² < 2³², so
    /// they are summed in 32 bits and only the block's sum in 64.
    @inline(__always)
    private static func compare(
        _ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, pixels: Int, threshold: Int,
        record: (Int, UInt64) -> Void
    ) -> PixelDifference {
        precondition(threshold >= 0, "a threshold of \(threshold) is below 0")
        precondition(pixels >= 0 && a.count >= pixels * 4 && b.count >= pixels * 4, "rows shorter than \(pixels) px")
        guard pixels > 0, let aBase = a.baseAddress, let bBase = b.baseAddress else { return PixelDifference() }
        let limit = UInt8(clamping: threshold)
        var result = PixelDifference(pixelCount: pixels)
        var largest: UInt8 = 0
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256 + 64) { scratch in
            guard let over = scratch.baseAddress else { return }
            let flags = over + 256
            var start = 0
            while start < pixels {
                let count = min(64, pixels - start)
                let blockA = aBase + 4 * start
                let blockB = bBase + 4 * start
                var squares: UInt32 = 0
                var blockLargest: UInt8 = 0
                for offset in 0..<(4 * count) {
                    let x = blockA.load(fromByteOffset: offset, as: UInt8.self)
                    let y = blockB.load(fromByteOffset: offset, as: UInt8.self)
                    let difference = max(x, y) &- min(x, y)
                    squares &+= UInt32(difference) &* UInt32(difference)
                    blockLargest = max(blockLargest, difference)
                    over[offset] = difference > limit ? 1 : 0
                }
                result.squaredError &+= UInt64(squares)
                largest = max(largest, blockLargest)
                var word: UInt64 = 0
                if blockLargest > limit {
                    let overBytes = UnsafeRawPointer(over)
                    for pixel in 0..<count {
                        flags[pixel] = overBytes.loadUnaligned(fromByteOffset: 4 * pixel, as: UInt32.self) != 0 ? 1 : 0
                    }
                    for pixel in count..<64 { flags[pixel] = 0 }
                    let flagBytes = UnsafeRawPointer(flags)
                    for octet in 0..<8 {
                        // Bytes that are each 0 or 1 times 0x0102…80: byte k's bit lands on bit 56 + k.
                        let eight = UInt64(littleEndian: flagBytes.loadUnaligned(fromByteOffset: 8 * octet, as: UInt64.self))
                        word |= ((eight &* 0x0102_0408_1020_4080) >> 56) << (8 * octet)
                    }
                    result.changedPixels += word.nonzeroBitCount
                }
                record(start / 64, word)
                start += count
            }
        }
        result.maxChannelDifference = Int(largest)
        return result
    }

    /// log₁₀(x) for a finite x > 0, computed here because the standard library has none and
    /// Raster imports nothing else.
    ///
    /// With x = m·2ᵉ and m in [√½, √2), ln x = e·ln 2 + 2·atanh(t) for t = (m − 1)/(m + 1),
    /// |t| < 0.172; the series t + t³/3 + t⁵/5 + … to the 29th power is past double precision.
    static func log10(_ x: Double) -> Double {
        var exponent = Double(x.exponent)
        var significand = x.significand
        if significand > 1.414_213_562_373_095_1 {
            significand /= 2
            exponent += 1
        }
        let t = (significand - 1) / (significand + 1)
        let square = t * t
        var power = t
        var sum = 0.0
        for odd in stride(from: 1.0, through: 29, by: 2) {
            sum += power / odd
            power *= square
        }
        let naturalLog = exponent * 0.693_147_180_559_945_3 + 2 * sum
        return naturalLog / 2.302_585_092_994_045_7
    }

    private enum CodingKeys: String, CodingKey {
        case maxChannelDifference, changedPixels, antialiasedPixels, maskedPixels
        case pixelCount = "pixels"
        case psnr
    }

    /// The figures `pinboard diff --json` gives a tile: the counts, `pixels` compared and
    /// `psnr` (absent when infinite); the squared error stays behind `psnr`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let counts: KeyValuePairs<CodingKeys, Int> = [
            .maxChannelDifference: maxChannelDifference, .changedPixels: changedPixels,
            .antialiasedPixels: antialiasedPixels, .maskedPixels: maskedPixels, .pixelCount: pixelCount,
        ]
        for (key, count) in counts {
            try container.encode(count, forKey: key)
        }
        try container.encodeIfPresent(psnr, forKey: .psnr)
    }
}
