import ImageInput
import Testing
@testable import HEIFCodec
import TestSupport

/// What libheif refuses, said in pinboard's words (issue 54): before, every refusal of a
/// whole file read "file is truncated", since libheif reads past the last box of any file.
@Suite("Refusal words")
struct RefusalWordsTests {
    static func avif(_ name: String) throws -> [UInt8] { try LibavifSamples.bytes(name) }

    /// `bytes` with the first top-level box of type `type` renamed `free`, so readers skip it.
    static func hidingBox(_ type: String, in bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        var at = 0
        while at + 8 <= bytes.count {
            let size = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            if bytes[at + 4..<at + 8].elementsEqual(type.utf8) {
                bytes.replaceSubrange(at + 4..<at + 8, with: Array("free".utf8))
                break
            }
            at += max(size, 8)
        }
        return bytes
    }

    @Test("An image sequence without a still image is named as one")
    func sequenceWithoutStill() throws {
        let bytes = Self.hidingBox("meta", in: try Self.avif("colors-animated-8bpc.avif"))
        #expect(throws: ImageError(path: "seq.avif", reason: .format(HEIFFailure.imageSequence(brand: "avis")))) {
            try AVIFFormat.probe(MemoryBytes(bytes), path: "seq.avif", limits: .default)
        }
    }

    /// libavif writes a still image beside the track; libheif 1.15 reads it.
    @Test("An image sequence with a still image reads that image")
    func sequenceWithStill() throws {
        let bytes = try Self.avif("colors-animated-8bpc.avif")
        let info = try AVIFFormat.probe(MemoryBytes(bytes), path: "seq.avif", limits: .default)
        let image = try HEIFRowReader(bytes: bytes, name: "seq.avif").readImage()
        #expect(image.width == info.width && image.height == info.height && image.width > 0)
    }

    @Test("A box whose size runs past its parent's is damaged, not a cut file")
    func damagedBox() throws {
        var bytes = try Fixture.bytes("plain.avif")
        let iloc = try #require((0..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual("iloc".utf8) })
        bytes.replaceSubrange(iloc - 4..<iloc, with: [0, 0, 0xFF, 0xFF])
        let reason = ImageError.Reason.format(HEIFFailure.damagedBoxes(libheif: "Invalid input: No 'meta' box"))
        let error = #expect(throws: ImageError(path: "damaged.avif", reason: reason)) {
            try AVIFFormat.probe(MemoryBytes(bytes), path: "damaged.avif", limits: .default)
        }
        #expect(error?.description == "damaged.avif: its boxes are damaged (libheif: Invalid input: No 'meta' box)")
    }

    /// A 10-bit image with a mirror, which libheif 1.15 cannot apply above 8 bits.
    @Test("A feature libheif lacks is unsupported, not a cut file")
    func unsupportedFeature() throws {
        let bytes = try Self.avif("clap-irot-imir-essential.avif")
        let reason = ImageError.Reason.unsupported(
            format: "AVIF", message: "Unsupported feature: Unspecified: Can currently only mirror images with 8 bits per pixel")
        #expect(throws: ImageError(path: "mirror.avif", reason: reason)) {
            try HEIFRowReader(bytes: bytes, name: "mirror.avif")
        }
    }
}
