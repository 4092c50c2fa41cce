import CResample
import Raster
import Testing
import TestSupport

/// CResample's paths (portable, AVX2, AVX2 with AVX-VNNI) give the same bits: the same sheet whatever
/// the CPU, and the goldens made on one machine hold on every other.
@Suite("Resampling paths", .serialized)
struct ResamplePathTests {
    /// The alphas a trial's image is made with: random, opaque (which AVX2 reads straight
    /// from the rows), and opaque but for one pixel in forty (rows of both kinds side by side).
    static let alphas: [@Sendable (inout SplitMix64) -> UInt8] = [
        { UInt8.random(in: 0...255, using: &$0) },
        { _ in 255 },
        { $0.int(in: 0...39) == 0 ? UInt8.random(in: 0...254, using: &$0) : 255 },
    ]

    @Test("Every path the CPU has resamples random images alike, for every filter and alpha")
    func pathsAgree() throws {
        let fastest = cresample_path()
        defer { _ = cresample_use_path(fastest) }
        var random = SplitMix64(seed: 29)
        let paths = (Int32(CRESAMPLE_PORTABLE)...fastest).map { cresample_use_path($0) }
        #expect(paths.count == Int(fastest) + 1, "paths in use: \(paths)")
        for trial in 0..<90 {
            let width = random.int(in: 1...90)
            let height = random.int(in: 1...90)
            let image = try TestImages.random(
                width: width, height: height, seed: UInt64(trial), alpha: Self.alphas[trial % Self.alphas.count])
            let filter = ResampleFilter.allCases[trial % ResampleFilter.allCases.count]
            let target = (width: random.int(in: 1...120), height: random.int(in: 1...120))
            let tiles = try paths.map { path in
                _ = cresample_use_path(path)
                return try Resampler.resample(image, width: target.width, height: target.height, filter: filter)
            }
            #expect(Set(tiles).count == 1, "trial \(trial): \(width)×\(height) → \(target) by \(filter)")
        }
    }

    @Test("Every path composites over opaque RGB as the formula says, at the extremes too")
    func overAgrees() {
        let fastest = cresample_path()
        defer { _ = cresample_use_path(fastest) }
        var random = SplitMix64(seed: 31)
        // Every coverage four times over: enough pixels that sums landing on a rounding tie,
        // which an off-by-one in the division alone would get wrong, are among them. Then as
        // many opaque pixels, as photographs are (which AVX2 takes eight at a time without
        // reading the band), but for one in 64, with every colour value among them.
        let count = 5 << 16
        let opaqueFrom = 4 << 16
        var tile = [UInt16](repeating: 0, count: count * 4)
        for x in 0..<count {
            // Coverage first, colours never above it; the first pixels are the extremes.
            let opaque = x >= opaqueFrom && random.int(in: 0...63) != 0
            let coverage = x < 3 ? [UInt16(0), 65535, 65535][x] : opaque ? 65535 : UInt16(truncatingIfNeeded: x)
            tile[x * 4 + 3] = coverage
            for channel in 0..<3 {
                tile[x * 4 + channel] = x == 2 ? coverage
                    : opaque ? UInt16(truncatingIfNeeded: x * 3 + channel) : UInt16(random.int(in: 0...Int(coverage)))
            }
        }
        let band = (0..<count * 3).map { _ in UInt8(random.int(in: 0...255)) }
        let expected = (0..<count * 3).map { index -> UInt8 in
            let pixel = index / 3
            let value = 255 * UInt32(tile[pixel * 4 + index % 3]) + UInt32(band[index]) * (65535 - UInt32(tile[pixel * 4 + 3]))
            return UInt8((value + 32767) / 65535)
        }
        for path in Int32(CRESAMPLE_PORTABLE)...fastest {
            _ = cresample_use_path(path)
            var composited = band
            cresample_over_rgb(tile, &composited, count)
            let wrong = composited.indices.first { composited[$0] != expected[$0] }
            #expect(wrong == nil, "path \(path): value \(wrong ?? 0) of pixel \((wrong ?? 0) / 3)")
        }
    }

    @Test("A path above what the CPU has falls back to the fastest it has")
    func fallback() {
        let fastest = cresample_path()
        defer { _ = cresample_use_path(fastest) }
        #expect(cresample_use_path(Int32(CRESAMPLE_AVX2_VNNI) + 5) <= Int32(CRESAMPLE_AVX2_VNNI))
        #expect(cresample_use_path(-3) == Int32(CRESAMPLE_PORTABLE))
    }
}
