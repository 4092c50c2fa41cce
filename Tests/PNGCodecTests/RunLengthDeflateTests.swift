import CPNG
import TestSupport
import Testing

/// Level 1's coder (`cpng_runlength_deflate`) against zlib's inflate: every stream it
/// writes inflates to its input, runs continue across a segment's cut, and it stores what
/// Huffman codes cannot shrink.
@Suite("Run-length deflate")
struct RunLengthDeflateTests {
    /// One segment's raw deflate, as the writer makes it.
    static func deflate(_ input: [UInt8], previous: Int32 = -1, final: Bool) -> [UInt8] {
        var runs = cpng_runlength_runs()
        defer { cpng_runlength_release(&runs) }
        var out = [UInt8](repeating: 0, count: cpng_runlength_bound(input.count))
        let written = input.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                cpng_runlength_deflate(source.baseAddress, source.count, previous, final ? 1 : 0, target.baseAddress, &runs)
            }
        }
        #expect(written > 0 && written <= out.count)
        return Array(out.prefix(written))
    }

    /// Raw deflate segments joined and wrapped as the writer wraps them (zlib's header, the
    /// Adler-32 of `expected`), inflated by zlib itself; nil unless as many bytes as `expected`
    /// come out with its Adler-32.
    static func inflate(_ segments: [[UInt8]], expected: [UInt8]) -> [UInt8]? {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in expected {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        let adler = b << 16 | a
        let trailer = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: adler >> $0) }
        return Zlib.inflate([0x78, 0x01] + segments.joined() + trailer, count: expected.count)
    }

    /// Runs of random bytes and lengths (1 to 600) between stretches of a few values, so both
    /// Huffman codes and runs of every length symbol are written.
    static func runs(count: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        while bytes.count < count {
            let value = UInt8(truncatingIfNeeded: random.next())
            if random.int(in: 0...1) == 0 {
                bytes += [UInt8](repeating: value, count: random.int(in: 1...600))
            } else {
                for _ in 0..<random.int(in: 1...40) { bytes.append(UInt8(truncatingIfNeeded: random.int(in: 0...5))) }
            }
        }
        return Array(bytes.prefix(count))
    }

    static func noise(count: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }

    @Test("Inflates to its input, whatever the length", arguments: [0, 1, 3, 4, 5, 12, 13, 16, 17, 31, 258, 259, 1000, 70_000, 300_000])
    func roundTrip(count: Int) throws {
        for (name, input) in [("runs", Self.runs(count: count, seed: UInt64(count))), ("noise", Self.noise(count: count, seed: 7)),
                              ("one value", [UInt8](repeating: 9, count: count))] {
            let same = Self.inflate([Self.deflate(input, final: true)], expected: input) == input
            #expect(same, "\(name), \(count) bytes")
        }
    }

    @Test("A run goes on across the cut from the byte before the segment")
    func acrossTheCut() throws {
        let first = Self.runs(count: 50_000, seed: 3) + [UInt8](repeating: 200, count: 10)
        let second = [UInt8](repeating: 200, count: 100_000) + Self.runs(count: 20_000, seed: 4)
        let streams = [Self.deflate(first, final: false), Self.deflate(second, previous: 200, final: true)]
        let joined = Self.inflate(streams, expected: first + second) == first + second
        #expect(joined)
        // The second segment's 100,000 bytes of 200 are runs from its first byte on.
        let alone = Self.deflate([UInt8](repeating: 200, count: 100_000), previous: 200, final: true)
        #expect(alone.count < 1_000)
    }

    @Test("Noise is stored: five bytes a block of 65,535 over the input")
    func storesNoise() {
        let input = Self.noise(count: 200_000, seed: 11)
        let stream = Self.deflate(input, final: false)
        #expect(stream.count == input.count + 5 * 4)
        let inflated = Self.inflate([stream, Self.deflate([], final: true)], expected: input) == input
        #expect(inflated)
    }

    @Test("Runs and few values come out far smaller than they go in")
    func compresses() {
        let input = Self.runs(count: 300_000, seed: 5)
        #expect(Self.deflate(input, final: true).count < input.count / 4)
    }
}
