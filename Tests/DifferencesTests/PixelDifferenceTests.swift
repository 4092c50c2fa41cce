@testable import Differences
import TestSupport
import Testing

@Suite("Comparing pixels")
struct PixelDifferenceTests {
    static func compare(_ a: [UInt8], _ b: [UInt8], threshold: Int) -> PixelDifference {
        a.withUnsafeBytes { a in
            b.withUnsafeBytes { b in PixelDifference.compare(a, b, pixels: a.count / 4, threshold: threshold) }
        }
    }

    /// The row compared with a mask, and the mask's words; `extra` words past the row's
    /// hold a sentinel that must survive.
    static func compareWithMask(_ a: [UInt8], _ b: [UInt8], threshold: Int, extra: Int = 1) -> (PixelDifference, [UInt64]) {
        let pixels = a.count / 4
        var words = [UInt64](repeating: 0xDEAD_BEEF_DEAD_BEEF, count: (pixels + 63) / 64 + extra)
        let difference = a.withUnsafeBytes { a in
            b.withUnsafeBytes { b in
                words.withUnsafeMutableBufferPointer { words in
                    PixelDifference.compare(a, b, pixels: pixels, threshold: threshold, changes: words)
                }
            }
        }
        return (difference, words)
    }

    @Test("a hand-made row: counts, largest difference, squared error")
    func handMade() {
        let a: [UInt8] = [10, 20, 30, 255, 0, 0, 0, 0, 100, 100, 100, 100]
        let b: [UInt8] = [13, 16, 30, 255, 0, 0, 0, 0, 100, 100, 100, 90]
        let difference = Self.compare(a, b, threshold: 3)
        // Pixel 0 differs by 3 and 4, pixel 2 by 10 in alpha alone: 9 + 16 + 100.
        #expect(difference == PixelDifference(pixelCount: 3, changedPixels: 2, maxChannelDifference: 10, squaredError: 125))
        #expect(difference.meanSquaredError == 125.0 / 12)
        #expect(Self.compare(a, b, threshold: 4).changedPixels == 1)
        #expect(Self.compare(a, b, threshold: 10).changedPixels == 0)
        #expect(Self.compare(b, a, threshold: 3) == difference)
    }

    @Test("PSNR of one pixel off by 3 and 4: 10·log10(255² / (25/4)) = 20·log10(102) dB")
    func psnrByHand() throws {
        let difference = Self.compare([0, 0, 0, 0], [3, 4, 0, 0], threshold: 0)
        let psnr = try #require(difference.psnr)
        #expect(abs(psnr - 40.172_003_435_238_35) < 1e-9)
    }

    @Test("PSNR: 0 dB at a mean squared error of 255², 20 dB at 255²/100")
    func psnrRoundValues() throws {
        let worst = PixelDifference(pixelCount: 1, changedPixels: 1, maxChannelDifference: 255, squaredError: 4 * 65025)
        #expect(abs(try #require(worst.psnr)) < 1e-12)
        let twenty = PixelDifference(pixelCount: 100, changedPixels: 1, maxChannelDifference: 255, squaredError: 4 * 65025)
        #expect(abs(try #require(twenty.psnr) - 20) < 1e-12)
    }

    @Test("identical rows: nothing changed and PSNR nil (infinite)")
    func identical() {
        let row: [UInt8] = (0..<40).map { UInt8($0 * 6) }
        let difference = Self.compare(row, row, threshold: 0)
        #expect(difference == PixelDifference(pixelCount: 10))
        #expect(difference.psnr == nil)
        #expect(difference.isWithin(threshold: 0))
        #expect(PixelDifference().psnr == nil && PixelDifference().meanSquaredError == 0)
    }

    @Test("a difference equal to the threshold is unchanged, one more is changed", arguments: [0, 1, 7, 128, 254])
    func thresholdBoundary(threshold: Int) {
        let base: [UInt8] = [0, 0, 0, 0]
        for channel in 0..<4 {
            var equal = base
            var over = base
            equal[channel] = UInt8(threshold)
            over[channel] = UInt8(threshold + 1)
            #expect(Self.compare(base, equal, threshold: threshold).changedPixels == 0, "channel \(channel)")
            #expect(Self.compare(equal, base, threshold: threshold).changedPixels == 0, "channel \(channel)")
            #expect(Self.compare(base, over, threshold: threshold).changedPixels == 1, "channel \(channel)")
            #expect(Self.compare(over, base, threshold: threshold).changedPixels == 1, "channel \(channel)")
            #expect(!Self.compare(base, over, threshold: threshold).isWithin(threshold: threshold))
        }
    }

    @Test("at threshold 255 and over nothing is changed, even 0 against 255")
    func thresholdCeiling() {
        for threshold in [255, 256, 1000] {
            let difference = Self.compare([0, 255, 0, 255], [255, 0, 255, 0], threshold: threshold)
            #expect(difference.changedPixels == 0 && difference.maxChannelDifference == 255)
        }
    }

    @Test("merging is order independent and associative, the empty difference its identity")
    func merge() {
        var generator = SplitMix64(seed: 11)
        let parts = (0..<5).map { _ in
            PixelDifference(
                pixelCount: Int.random(in: 0...1000, using: &generator), changedPixels: Int.random(in: 0...50, using: &generator),
                maxChannelDifference: Int.random(in: 0...255, using: &generator),
                squaredError: UInt64.random(in: 0...1_000_000, using: &generator))
        }
        func merged(_ parts: [PixelDifference]) -> PixelDifference {
            parts.reduce(into: PixelDifference()) { $0.merge($1) }
        }
        let whole = merged(parts)
        for _ in 0..<20 {
            #expect(merged(parts.shuffled(using: &generator)) == whole)
        }
        var left = merged(Array(parts[0..<2]))
        left.merge(merged(Array(parts[2...])))
        var right = parts[0]
        right.merge(merged(Array(parts[1...])))
        #expect(left == whole && right == whole)
        var identity = parts[3]
        identity.merge(PixelDifference())
        #expect(identity == parts[3])
    }

    @Test("rows compared in pieces add up to the whole row")
    func piecesAddUp() {
        var generator = SplitMix64(seed: 5)
        let a = (0..<(4 * 300)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let b = a.map { Bool.random(using: &generator) ? $0 : UInt8.random(in: 0...255, using: &generator) }
        var pieces = PixelDifference()
        for cut in stride(from: 0, to: 300, by: 77) {
            let range = (4 * cut)..<(4 * min(cut + 77, 300))
            pieces.merge(Self.compare(Array(a[range]), Array(b[range]), threshold: 9))
        }
        #expect(pieces == Self.compare(a, b, threshold: 9))
    }

    @Test("the fast comparison equals the pixel-by-pixel one on random rows of 0…257 px")
    func matchesReference() {
        var generator = SplitMix64(seed: 2024)
        for pixels in 0...257 {
            let a = (0..<(4 * pixels)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            // Mostly small changes, so thresholds fall among them; some untouched, some wild.
            let b = a.map { value -> UInt8 in
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: return value
                case 1: return UInt8.random(in: 0...255, using: &generator)
                default: return UInt8(clamping: Int(value) + Int.random(in: -12...12, using: &generator))
                }
            }
            let threshold = [0, 1, 5, 12, 200, 255].randomElement(using: &generator) ?? 0
            let expected = DiffReference.compare(a, b, threshold: threshold)
            #expect(Self.compare(a, b, threshold: threshold) == expected, "\(pixels) px")
            let (masked, words) = Self.compareWithMask(a, b, threshold: threshold)
            #expect(masked == expected, "\(pixels) px")
            let changed = DiffReference.channelDifferences(a, b).map { $0 > threshold }
            let bits = (0..<((pixels + 63) / 64 * 64)).map { words[$0 / 64] >> ($0 % 64) & 1 == 1 }
            #expect(bits == changed + [Bool](repeating: false, count: bits.count - pixels), "\(pixels) px")
            #expect(words.last == 0xDEAD_BEEF_DEAD_BEEF, "\(pixels) px: a word past the row was written")
        }
    }

    @Test("log10 is within a few ulps across the doubles", arguments: [
        (1e-300, -300.0), (2.2250738585072014e-308, -307.6526555685888), (Double.leastNonzeroMagnitude, -323.3062153431158),
        (0.5, -0.3010299956639812), (1.5, 0.17609125905568124), (1.4142135623730951, 0.1505149978319906),
        (3, 0.47712125471966244), (10, 1.0), (65025, 4.81308036086791), (1e300, 300.0),
        (123456.789, 5.09151497716927), (1, 0),
    ])
    func log10(value: Double, expected: Double) {
        #expect(abs(PixelDifference.log10(value) - expected) <= 4 * max(abs(expected), 1).ulp)
    }
}
