import Foundation
import ImageInput
@testable import PNGCodec
import TestSupport
import Testing

/// Corrupt input must end in a `ImageError` naming the file: never a trap, an abort or a hang.
@Suite("Bad input")
struct BadInputTests {
    /// Decodes fully (rows in bands, then the trailing chunks), as the compositor will.
    static func decodeAll(path: String) throws {
        let reader = try PNGRowReader(path: path)
        var buffer = [UInt8](repeating: 0, count: reader.bytesPerRow * 16)
        while reader.rowsRead < reader.header.height {
            let count = min(16, reader.header.height - reader.rowsRead)
            try buffer.withUnsafeMutableBytes { try reader.readRows(into: $0, stride: reader.bytesPerRow, count: count) }
        }
        try reader.finish()
    }

    static func decodeAll(bytes: [UInt8]) throws(ImageError) -> RGBAImage {
        try PNGDecoder.decode(bytes: bytes, name: "mutant")
    }

    /// Each `x*` file of PngSuite with the reason it is refused for: a missing file would
    /// be refused too, as one that cannot be opened, so the reason is what is checked.
    static let corruptSuite: [(name: String, reason: ImageError.Reason)] = [
        ("xc1n0g08.png", ImageError.Reason.format(PNGFailure.invalidFormat(colorType: 1, bitDepth: 8))),
        ("xc9n2c08.png", .format(PNGFailure.invalidFormat(colorType: 9, bitDepth: 8))),
        ("xcrn0g04.png", .signatureMismatch(expected: "PNG", signature: "signature does not match")),
        ("xcsn0g01.png", .corrupt(format: "PNG", message: "IDAT: CRC error")),
        ("xd0n2c08.png", .format(PNGFailure.invalidFormat(colorType: 2, bitDepth: 0))),
        ("xd3n2c08.png", .format(PNGFailure.invalidFormat(colorType: 2, bitDepth: 3))),
        ("xd9n2c08.png", .format(PNGFailure.invalidFormat(colorType: 2, bitDepth: 99))),
        ("xdtn0g01.png", .corrupt(format: "PNG", message: "IEND: out of place")),
        ("xhdn0g08.png", .format(PNGFailure.checksumMismatch(chunk: "IHDR", declared: 0x4353_554D, computed: 0x5611_2528))),
        ("xlfn0g04.png", .signatureMismatch(expected: "PNG", signature: "signature does not match")),
        ("xs1n0g01.png", .signatureMismatch(expected: "PNG", signature: "signature does not match")),
        ("xs2n0g01.png", .signatureMismatch(expected: "PNG", signature: "signature does not match")),
        ("xs4n0g01.png", .signatureMismatch(expected: "PNG", signature: "signature does not match")),
        ("xs7n0g01.png", .signatureMismatch(expected: "PNG", signature: "signature does not match")),
    ]

    @Test("PngSuite's corrupt files are refused for what is wrong with each", arguments: corruptSuite)
    func suiteCorrupt(name: String, reason: ImageError.Reason) {
        let path = Fixture.path("pngsuite/\(name)")
        #expect(throws: ImageError(path: path, reason: reason)) { try Self.decodeAll(path: path) }
    }

    @Test("Every corrupt PngSuite file has its reason listed")
    func suiteCorruptListed() throws {
        #expect(try Set(Fixture.corruptSuiteNames()) == Set(Self.corruptSuite.map(\.name)))
    }

    @Test("Damaged files are refused with the file named and what is wrong", arguments: [
        ("empty.png", ImageError.Reason.emptyFile),
        ("text.png", .signatureMismatch(expected: "PNG", signature: "signature does not match")),
        ("directory.png", .isDirectory),
        ("truncated-header.png", .truncated(while: "reading IHDR")),
        ("truncated-idat.png", .truncated(while: "reading image data")),
        ("bad-ihdr-crc.png", .format(PNGFailure.checksumMismatch(chunk: "IHDR", declared: 0x250B_E676, computed: 0x250B_E689))),
        ("bad-idat-crc.png", .corrupt(format: "PNG", message: "IDAT: CRC error")),
        ("zero-width.png", .invalidDimensions(width: 0, height: 64, maximumSide: 0x7FFF_FFFF)),
        ("huge-dimensions.png", .tooManyPixels(width: 100_000, height: 100_000, limit: 1 << 28)),
        ("bad-signature.png", .signatureMismatch(expected: "PNG", signature: "signature does not match")),
        ("bad-color-type.png", .format(PNGFailure.invalidFormat(colorType: 1, bitDepth: 8))),
        ("bad-bit-depth.png", .format(PNGFailure.invalidFormat(colorType: 2, bitDepth: 4))),
    ])
    func damaged(name: String, reason: ImageError.Reason) {
        let path = Fixture.path("corrupt/\(name)")
        let error = #expect(throws: ImageError(path: path, reason: reason)) { try Self.decodeAll(path: path) }
        #expect(error?.description.hasPrefix(path + ": ") == true)
    }

    /// zlib's words for the damage are its own; that it is damaged PNG data is ours.
    @Test("A flipped bit in the image data is corrupt PNG data")
    func flippedBitInData() {
        let path = Fixture.path("corrupt/flipped-bits.png")
        let error = #expect(throws: ImageError.self) { try Self.decodeAll(path: path) }
        #expect(error?.path == path)
        switch error?.reason {
        case .corrupt(format: "PNG", _): break
        default: Issue.record("expected corrupt PNG data, got \(String(describing: error))")
        }
    }

    @Test("The reference image of the damaged set decodes")
    func referenceDecodes() throws {
        let image = try PNGDecoder.decode(path: Fixture.path("corrupt/valid-reference.png"))
        #expect(image.width == 64 && image.height == 64)
    }

    @Test("A truncated IDAT is reported as truncation")
    func truncatedData() {
        let path = Fixture.path("corrupt/truncated-idat.png")
        #expect(throws: ImageError(path: path, reason: .truncated(while: "reading image data"))) {
            try Self.decodeAll(path: path)
        }
    }

    @Test("A huge IHDR is refused before any pixel memory exists")
    func hugeDimensions() {
        let path = Fixture.path("corrupt/huge-dimensions.png")
        #expect(throws: ImageError(path: path, reason: .tooManyPixels(width: 100_000, height: 100_000, limit: 1 << 28))) {
            try PNGRowReader(path: path)
        }
    }

    @Test("Every truncation of valid files fails cleanly", arguments: ["basn2c08.png", "basi3p02.png", "basn6a16.png"])
    func everyTruncation(name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixture.path("pngsuite/\(name)"))))
        #expect(try Self.decodeAll(bytes: bytes).width == 32)
        Truncations.expectEachReportedAsCut(bytes) { bytes, name throws(ImageError) in try PNGDecoder.decode(bytes: bytes, name: name) }
    }

    @Test("Flipped bits either decode or throw, never crash", arguments: ["basn2c08.png", "basi0g04.png", "basn3p08.png"])
    func flippedBits(name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixture.path("pngsuite/\(name)"))))
        let failures = BitFlips.failures(decoding: bytes, keeping: 8, count: 400) { try Self.decodeAll(bytes: $0) }
        // Chunk CRCs cover every byte after the signature, so nearly every flip must be caught.
        #expect(failures > 300)
    }

    /// Found by `scripts/fuzz FuzzPNG`: a 133-byte PNG whose tEXt chunk claims 1.7 GiB.
    /// libpng allocated and cleared that much before finding the file short (its chunk
    /// limit is only a warning when reading); text chunks are now skipped unread. The
    /// process's peak resident memory shows it: it may not grow by anything near 1.7 GiB.
    @Test("A text chunk claiming 1.7 GiB is skipped, not allocated")
    func hugeTextChunk() {
        let path = Fixture.path("corrupt/fuzz-huge-text-chunk.png")
        let before = PeakMemory.residentBytes
        #expect(throws: ImageError(path: path, reason: .truncated(while: "reading image data"))) { try Self.decodeAll(path: path) }
        #expect(PeakMemory.residentBytes - before < 512 << 20)
    }

    /// Found by `scripts/fuzz FuzzEmbeddedManifest`: a 1,396-byte sheet whose iTXt chunk
    /// claims 1.4 GiB. The text search read the chunk in one piece, and the file's reader
    /// allocated the count asked for before finding the file short.
    @Test("A text chunk claiming 1.4 GiB is found truncated, not allocated")
    func hugeManifestChunk() {
        let path = Fixture.path("corrupt/fuzz-huge-itxt-chunk.png")
        let before = PeakMemory.residentBytes
        let error = #expect(throws: ImageError.self) { try PNGText.read(keyword: "pinboard:manifest", path: path) }
        switch error?.reason {
        case .truncated?: break
        default: Issue.record("expected a cut file, got \(String(describing: error))")
        }
        #expect(PeakMemory.residentBytes - before < 512 << 20)
    }
}
