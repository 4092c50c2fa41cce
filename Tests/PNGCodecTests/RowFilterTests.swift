import CPNG
import Testing
import TestSupport

/// `cpng_filter_row`: the filter chosen per row and the bytes it writes, checked
/// against the PNG specification's definitions rather than against libpng.
@Suite("Row filter")
struct RowFilterTests {
    /// Undoes one filtered row as a decoder does (PNG specification, section 9).
    static func unfilter(_ filtered: [UInt8], prior: [UInt8], bpp: Int) -> [UInt8] {
        let type = filtered[0]
        var row = Array(filtered.dropFirst())
        for i in row.indices {
            let a = i >= bpp ? Int(row[i - bpp]) : 0
            let b = Int(prior[i])
            let c = i >= bpp ? Int(prior[i - bpp]) : 0
            let predictor: Int
            switch type {
            case 0: predictor = 0
            case 1: predictor = a
            case 2: predictor = b
            case 3: predictor = (a + b) / 2
            default:
                let p = a + b - c
                let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
            }
            row[i] = UInt8(truncatingIfNeeded: Int(row[i]) + predictor)
        }
        return row
    }

    static func filter(_ row: [UInt8], prior: [UInt8], bpp: Int, adaptive: Bool = true) -> (type: Int32, bytes: [UInt8]) {
        var out = [UInt8](repeating: 0xEE, count: row.count + 1)
        let type = row.withUnsafeBufferPointer { row in
            prior.withUnsafeBufferPointer { prior in
                out.withUnsafeMutableBufferPointer { out in
                    cpng_filter_row(row.baseAddress, prior.baseAddress, row.count, Int32(bpp), adaptive ? 1 : 0, out.baseAddress)
                }
            }
        }
        return (type, out)
    }

    @Test("A horizontal ramp takes Sub, a repeated row Up, a flat row None", arguments: [3, 4])
    func obviousChoices(bpp: Int) {
        let width = 40
        let ramp = (0..<width * bpp).map { UInt8(truncatingIfNeeded: ($0 / bpp) * 5 + 60) }
        let zeros = [UInt8](repeating: 0, count: width * bpp)
        let sub = Self.filter(ramp, prior: zeros, bpp: bpp)
        #expect(sub.type == Int32(CPNG_FILTER_SUB))
        #expect(sub.bytes[0] == 1 && sub.bytes[(1 + bpp)...].allSatisfy { $0 == 5 })

        let noise = RoundTripTests.pixels(width: width, height: 1, channels: bpp, seed: 9)
        #expect(Self.filter(noise, prior: noise, bpp: bpp).type == Int32(CPNG_FILTER_UP))
        #expect(Self.filter(zeros, prior: noise, bpp: bpp).type == Int32(CPNG_FILTER_NONE), "ties go to the lowest type")
        #expect(Self.filter(ramp, prior: zeros, bpp: bpp, adaptive: false) == (Int32(CPNG_FILTER_NONE), [0] + ramp))
    }

    @Test("Whatever filter is chosen, the row comes back unfiltered", arguments: [3, 4], [1, 2, 7, 300])
    func inverse(bpp: Int, width: Int) {
        let height = 60
        let pixels = RoundTripTests.pixels(width: width, height: height, channels: bpp, seed: UInt32(width * bpp))
        let length = width * bpp
        var prior = [UInt8](repeating: 0, count: length)
        for y in 0..<height {
            let row = Array(pixels[y * length..<(y + 1) * length])
            let (type, bytes) = Self.filter(row, prior: prior, bpp: bpp)
            #expect((0...4).contains(type) && Int32(bytes[0]) == type)
            #expect(Self.unfilter(bytes, prior: prior, bpp: bpp) == row, "row \(y), filter \(type)")
            prior = row
        }
    }

    @Test("Each filter is used on some row and inverts exactly")
    func everyFilterInverts() {
        // Rows built to favour each filter in turn: flat, ramp, copy, smooth, diagonal.
        let width = 64, bpp = 3
        var prior = [UInt8](repeating: 0, count: width * bpp)
        var seen = Set<Int32>()
        for y in 0..<200 {
            let row = (0..<width * bpp).map { index -> UInt8 in
                let x = index / bpp
                switch y % 5 {
                case 0: return 0
                case 1: return UInt8(truncatingIfNeeded: x * 7)
                case 2: return prior[index]
                case 3: return UInt8(truncatingIfNeeded: (Int(prior[index]) + x) / 2 + y)
                default: return UInt8(truncatingIfNeeded: x * 3 + y * 5 + (index % bpp) * 40)
                }
            }
            let (type, bytes) = Self.filter(row, prior: prior, bpp: bpp)
            seen.insert(type)
            #expect(Self.unfilter(bytes, prior: prior, bpp: bpp) == row)
            prior = row
        }
        #expect(seen.count >= 4, "filters used: \(seen.sorted())")
    }

    @Test("Every filter type is undone as the specification says, whatever the bytes and pixel size",
          arguments: 1...8)
    func unfilterMatchesSpecification(bpp: Int) {
        // Any bytes are a valid filtered row, so random ones reach every predictor's ties and
        // wraps; 3- and 4-byte pixels take the SSE2 loops, the last pixel read short.
        var random = SplitMix64(seed: UInt64(bpp))
        for width in [1, 2, 3, 7, 33, 260] {
            let length = width * bpp
            for type in 0...4 {
                for trial in 0..<4 {
                    let prior = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                    let filtered = [UInt8(type)] + (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                    var row = Array(filtered.dropFirst())
                    let status = row.withUnsafeMutableBufferPointer { row in
                        prior.withUnsafeBufferPointer { prior in
                            cpng_unfilter_row(Int32(type), row.baseAddress, prior.baseAddress, length, bpp)
                        }
                    }
                    #expect(status == 1)
                    #expect(row == Self.unfilter(filtered, prior: prior, bpp: bpp),
                            "filter \(type), \(width) pixels, trial \(trial)")
                }
            }
        }
    }

    @Test("The AVX2 scoring and Paeth pick and write what the plain loops do, on every row", arguments: [1, 2, 3, 4, 6, 8])
    func scoringPathsAgree(bpp: Int) {
        defer { _ = cpng_filter_use_avx2(1) }
        var random = SplitMix64(seed: UInt64(100 + bpp))
        for width in [1, 5, 11, 12, 40, 333] {
            let length = width * bpp
            var prior = [UInt8](repeating: 0, count: length)
            for y in 0..<40 {
                // Noise, ramps, near copies of the row above and flat runs, so that every
                // filter wins some rows and some totals tie.
                let row = (0..<length).map { index -> UInt8 in
                    switch y % 4 {
                    case 0: return UInt8(truncatingIfNeeded: random.next())
                    case 1: return UInt8(truncatingIfNeeded: (index / bpp) * (y + 1))
                    case 2: return prior[index] &+ UInt8(truncatingIfNeeded: random.int(in: 0...2))
                    default: return index % 7 < 4 ? 9 : UInt8(truncatingIfNeeded: index)
                    }
                }
                let chosen = [1, 0].map { use in
                    _ = cpng_filter_use_avx2(Int32(use))
                    return Self.filter(row, prior: prior, bpp: bpp)
                }
                #expect(chosen[0] == chosen[1], "row \(y), \(width) pixels")
                prior = row
            }
        }
    }
}
