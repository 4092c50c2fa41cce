import CResample
import Foundation
@testable import Raster
import Testing
import TestSupport

/// The weight tables: Pillow's kernels, normalised to exactly one, and the very integers the
/// tables had before they were computed in vector code.
@Suite("Resampling weight tables")
struct ResampleWeightsTests {
    /// A sweep of sizes: every source width to 300 and some far larger, into tile sizes that
    /// enlarge, keep and shrink them.
    static func sweep(_ filter: ResampleFilter) -> [ResampleWeights] {
        [1, 2, 3, 7, 64, 249, 250, 333].flatMap { output in
            (Array(1...300) + Array(stride(from: 301, through: 3000, by: 97))).map { input in
                ResampleWeights(inputSize: input, outputSize: output, filter: filter)
            }
        }
    }

    /// FNV-1a over every weight of every table, in order.
    static func hash(_ tables: [ResampleWeights]) -> UInt64 {
        tables.reduce(into: UInt64(0xcbf2_9ce4_8422_2325)) { hash, table in
            for weight in table.weights { hash = (hash ^ UInt64(bitPattern: Int64(weight))) &* 0x100_0000_01b3 }
        }
    }

    /// The hashes of the sweep's tables as Raster's Swift kernel made them on 2026-12-04,
    /// before the tables moved to CResample: the same weights, so the same sheets.
    @Test(
        "The sweep's tables are the integers the Swift kernel made",
        arguments: [
            (ResampleFilter.lanczos3, UInt64(0xb0a0_ab7b_c94e_be23)), (.box, 0xcc73_70ad_fbcb_dc5d),
            (.bilinear, 0xbe42_81b6_5869_008b),
        ])
    func sameIntegers(filter: ResampleFilter, expected: UInt64) {
        #expect(Self.hash(Self.sweep(filter)) == expected)
    }

    /// The kernels as Pillow defines them, in the standard library's arithmetic.
    static func kernel(_ filter: ResampleFilter, at x: Double) -> Double {
        switch filter {
        case .lanczos3:
            guard x >= -3, x < 3 else { return 0 }
            guard x != 0 else { return 1 }
            return 3 * sin(Double.pi * x) * sin(Double.pi * x / 3) / (Double.pi * Double.pi * x * x)
        case .box, .nearest:
            return x > -0.5 && x <= 0.5 ? 1 : 0
        case .bilinear:
            return abs(x) < 1 ? 1 - abs(x) : 0
        }
    }

    @Test(
        "Every weight is the kernel's normalised value, within one unit, and each row adds up to one",
        arguments: [ResampleFilter.lanczos3, .box, .bilinear])
    func kernelValues(filter: ResampleFilter) {
        var random = SplitMix64(seed: 41)
        var worst = 0
        var compared = 0
        for _ in 0..<150 {
            let input = random.int(in: 2...2000)
            let output = random.int(in: 1...400)
            guard input != output else { continue }
            let table = ResampleWeights(inputSize: input, outputSize: output, filter: filter)
            let scale = Double(input) / Double(output)
            let stretch = max(scale, 1)
            for index in 0..<output {
                let centre = (Double(index) + 0.5) * scale
                let count = table.counts[index]
                let raw = (0..<count).map { tap in
                    Self.kernel(filter, at: (Double(table.starts[index] + tap) - centre + 0.5) / stretch)
                }
                let total = raw.reduce(0, +)
                let row = table.weights[(index * table.stride)..<((index + 1) * table.stride)]
                #expect(row.reduce(0) { $0 + Int($1) } == Int(CRESAMPLE_WEIGHT_ONE), "\(input) → \(output), pixel \(index)")
                #expect(row.dropFirst(count).allSatisfy { $0 == 0 })
                let expected = raw.map { total == 0 ? 0 : Int(($0 / total * Double(CRESAMPLE_WEIGHT_ONE)).rounded()) }
                // The largest weight (the first of equals) takes up what the others' rounding
                // left over, so it is checked by the sum alone: the table's largest, and the
                // one the exact values would make largest.
                let weights = row.prefix(count).map { Int($0) }
                let skipped: Set<Int?> = [Self.firstLargest(weights), Self.firstLargest(expected)]
                for tap in 0..<count where total != 0 && !skipped.contains(tap) {
                    worst = max(worst, abs(weights[tap] - expected[tap]))
                    compared += 1
                }
            }
        }
        #expect(worst <= 1, "largest difference \(worst) units of 1/16384")
        #expect(compared > 10_000)
    }

    /// The index of the first of the largest values.
    static func firstLargest(_ values: [Int]) -> Int? {
        values.indices.max { values[$0] < values[$1] || (values[$0] == values[$1] && $0 > $1) }
    }
}
