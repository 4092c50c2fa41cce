/// A tiny seeded generator, so every random case can be replayed from its seed alone.
///
/// SplitMix64 (Steele, Lea and Flood): one addition and a few mixes per number, and the
/// same sequence on every platform and toolchain, which the standard library's generator
/// does not promise. As a `RandomNumberGenerator` it also drives `Int.random(in:using:)`.
package struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range`; the modulo bias is far below anything these tests could notice.
    package mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next() % span)
    }

    /// True with probability `numerator / denominator`.
    package mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        int(in: 0...(denominator - 1)) < numerator
    }

    package mutating func element<T>(of values: [T]) -> T {
        values[int(in: 0...(values.count - 1))]
    }
}
