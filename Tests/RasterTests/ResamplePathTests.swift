import CResample
import Raster
import Testing
import TestSupport

/// CResample's portable, SSE2 and AVX2 paths give the same bits: the same sheet whatever
/// the CPU, and the goldens made on one machine hold on every other.
@Suite("Resampling paths", .serialized)
struct ResamplePathTests {
    @Test("Every path the CPU has resamples random images alike, for every filter and alpha")
    func pathsAgree() throws {
        let fastest = cresample_path()
        defer { _ = cresample_use_path(fastest) }
        var random = SplitMix64(seed: 29)
        let paths = (Int32(CRESAMPLE_PORTABLE)...fastest).map { cresample_use_path($0) }
        #expect(paths.count == Int(fastest) + 1, "paths in use: \(paths)")
        for trial in 0..<60 {
            let width = random.int(in: 1...90)
            let height = random.int(in: 1...90)
            let image = try TestImages.random(width: width, height: height, seed: UInt64(trial))
            let filter = ResampleFilter.allCases[trial % ResampleFilter.allCases.count]
            let target = (width: random.int(in: 1...120), height: random.int(in: 1...120))
            let tiles = try paths.map { path in
                _ = cresample_use_path(path)
                return try Resampler.resample(image, width: target.width, height: target.height, filter: filter)
            }
            #expect(Set(tiles).count == 1, "trial \(trial): \(width)×\(height) → \(target) by \(filter)")
        }
    }

    @Test("A path above what the CPU has falls back to the fastest it has")
    func fallback() {
        let fastest = cresample_path()
        defer { _ = cresample_use_path(fastest) }
        #expect(cresample_use_path(Int32(CRESAMPLE_AVX2) + 5) <= Int32(CRESAMPLE_AVX2))
        #expect(cresample_use_path(-3) == Int32(CRESAMPLE_PORTABLE))
    }
}
