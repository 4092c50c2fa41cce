import Foundation
import ImageInput
import Testing
@testable import TIFFCodec
import TestSupport

/// Sample formats and extra samples libtiff's RGBA reader gets wrong (issue 54), in
/// `Fixtures/codec-samples/` (made by `scripts/make-codec-sample-fixtures.py`).
@Suite("Signed and extra samples")
struct SampleKindTests {
    /// Read as unsigned, -1 was 65535: the ramp's left half came out white.
    @Test("Signed grey maps the signed range onto the unsigned one", arguments: ["signed-grey16", "signed-grey8"])
    func signedGrey(name: String) throws {
        let path = CodecSamples.path(name + ".tif")
        let image = try TIFFRowReader(path: path).readImage()
        #expect(image == (try CodecSamples.golden(name)))
        #expect(try TIFFFormat.probe(MemoryBytes(CodecSamples.bytes(URL(fileURLWithPath: path).lastPathComponent)), path: path, limits: .default).hasAlpha == false)
    }

    @Test("Signed RGB is refused, naming the signed samples")
    func signedRGB() {
        let path = CodecSamples.path("signed-rgb16.tif")
        let failure = TIFFFailure.unconvertibleSamples(
            photometric: 2, bitsPerSample: 16, samplesPerPixel: 3, sampleFormat: 2, separatePlanes: false)
        #expect(throws: ImageError(path: path, reason: .format(failure))) { try TIFFRowReader(path: path) }
        #expect(failure.description.hasPrefix("its pixels are RGB in 3 samples of 16-bit signed integers"))
    }

    /// libtiff takes an unspecified fourth sample as associated alpha; it was all zero, so
    /// the image came out transparent.
    @Test("An extra sample of unspecified meaning is not alpha")
    func unspecifiedExtra() throws {
        let path = CodecSamples.path("extra-unspecified.tif")
        let image = try TIFFRowReader(path: path).readImage()
        #expect(image == (try CodecSamples.golden("extra-unspecified")))
        #expect(try TIFFFormat.probe(MemoryBytes(CodecSamples.bytes(URL(fileURLWithPath: path).lastPathComponent)), path: path, limits: .default).hasAlpha == false)
    }

    @Test("Associated alpha is still alpha")
    func associatedExtra() throws {
        let path = CodecSamples.path("extra-associated.tif")
        let image = try TIFFRowReader(path: path).readImage()
        #expect(try TIFFFormat.probe(MemoryBytes(CodecSamples.bytes(URL(fileURLWithPath: path).lastPathComponent)), path: path, limits: .default).hasAlpha)
        #expect(Set(stride(from: 3, to: image.pixels.count, by: 4).map { image.pixels[$0] }) == [255, 192, 128, 64, 0])
    }

    /// The old words said "it reads 1- to 16-bit grey" of a 12-bit grey file it refused.
    @Test("12-bit grey is refused in words that do not claim 12 bits")
    func twelveBitGrey() {
        let path = CodecSamples.path("grey12.tif")
        let failure = TIFFFailure.unconvertibleSamples(
            photometric: 1, bitsPerSample: 12, samplesPerPixel: 1, sampleFormat: 1, separatePlanes: false)
        #expect(throws: ImageError(path: path, reason: .format(failure))) { try TIFFRowReader(path: path) }
        #expect(failure.description.hasPrefix("its pixels are grey in 1 sample of 12-bit unsigned integers"))
        #expect(!failure.description.contains("1- to 16-bit"))
        #expect(failure.description.contains("grey of 1, 2, 4, 8 or 16 bits"))
    }
}
