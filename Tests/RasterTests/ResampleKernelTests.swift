@testable import Raster
import Testing
import TestSupport

/// The weight tables' shortcuts give what the kernel's definition gives: lanczos3's sines
/// turned from tap to tap, and rounding without the C library.
@Suite("Sampling the resampling kernel")
struct ResampleKernelTests {
    @Test("Turned sines give lanczos3's values at every tap of random windows", arguments: [1.0, 1.37, 2.5, 12.3, 97.0])
    func turnedSines(stretch: Double) {
        var random = SplitMix64(seed: UInt64(stretch * 100))
        let kernel = ResampleKernel(filter: .lanczos3, stretch: stretch)
        let taps = Int((6 * stretch).rounded(.up)) + 2
        var row = [Double](repeating: .nan, count: taps)
        var worst = 0.0
        var inside = 0
        for _ in 0..<200 {
            let start = random.int(in: 0...5000)
            // Centres on a whole or half pixel too, where a tap falls on the kernel's centre.
            let offset = random.chance(1, in: 4)
                ? Double(random.int(in: -4...4)) / 2 : Double(random.int(in: -2000...2000)) / 1000
            let centre = Double(start) + 3 * stretch + offset
            row.withUnsafeMutableBufferPointer { kernel.sample(into: $0, start: start, centre: centre) }
            for tap in 0..<taps {
                let expected = ResampleFilter.lanczos3.weight(at: (Double(start + tap) - centre + 0.5) / stretch)
                worst = max(worst, (row[tap] - expected).magnitude)
                if expected != 0 { inside += 1 }
            }
        }
        #expect(worst < 1e-12, "largest difference \(worst) at stretch \(stretch)")
        // Most taps lie inside the kernel's window, so the comparison is of real values.
        #expect(inside > 200 * taps / 2, "\(inside) taps inside the window")
    }

    @Test("The other filters are sampled as weight(at:) gives them", arguments: [ResampleFilter.box, .bilinear])
    func otherFilters(filter: ResampleFilter) {
        let kernel = ResampleKernel(filter: filter, stretch: 2.5)
        var row = [Double](repeating: .nan, count: 8)
        row.withUnsafeMutableBufferPointer { kernel.sample(into: $0, start: 10, centre: 14.2) }
        #expect(row == (0..<8).map { filter.weight(at: (Double(10 + $0) - 14.2 + 0.5) / 2.5) })
    }

    @Test("Rounding halves away from zero matches rounded(), at ties and beside them")
    func halfAwayRounding() {
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 16383.5, -16383.5, 0.49999999999999994]
        values += values.flatMap { [$0.nextUp, $0.nextDown] }
        var random = SplitMix64(seed: 7)
        values += (0..<10_000).map { _ in Double(random.int(in: -40_000_000...40_000_000)) / 1000 }
        let wrong = values.filter { $0.roundedHalfAway != Int($0.rounded()) }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }
}
