import ImageInput
import Testing

/// Copies of a file each with one bit flipped, for the codecs' "never crash" tests.
///
/// Seeded, so every run tries the same mutants and a failure can be replayed.
package enum BitFlips {
    /// `count` mutants of `bytes`, each with one bit flipped at or after `keeping`, so the
    /// signature survives and the format's own decoder is the one tested.
    package static func mutants(of bytes: [UInt8], keeping prefix: Int, count: Int) -> [[UInt8]] {
        precondition(bytes.count > prefix, "nothing to flip past the first \(prefix) bytes")
        var random = SplitMix64(seed: 0x9E37_79B9_7F4A_7C15)
        return (0..<count).map { _ in
            let z = random.next()
            var mutant = bytes
            mutant[prefix + Int(z % UInt64(bytes.count - prefix))] ^= UInt8(1 << ((z >> 32) % 8))
            return mutant
        }
    }

    /// Decodes each mutant, named "mutant": it must give an image whose pixels fit its size,
    /// or fail with an `ImageError` naming it for a reason damaged data can give
    /// (`ImageError.Reason.isDamage`), never trap.
    ///
    /// - Returns: how many mutants failed, for the caller's expectation of how many a
    ///   format's checksums must catch.
    package static func failures(
        decoding bytes: [UInt8], keeping prefix: Int, count: Int,
        sourceLocation: SourceLocation = #_sourceLocation, decode: ([UInt8]) throws -> RGBAImage
    ) -> Int {
        var failures = 0
        for mutant in mutants(of: bytes, keeping: prefix, count: count) {
            do {
                let image = try decode(mutant)
                #expect(image.pixels.count == image.width * image.height * 4, sourceLocation: sourceLocation)
            } catch {
                failures += 1
                let failure = error as? ImageError
                #expect(failure?.path == "mutant", "\(error)", sourceLocation: sourceLocation)
                #expect(failure?.reason.isDamage() == true, "\(error)", sourceLocation: sourceLocation)
            }
        }
        return failures
    }
}
