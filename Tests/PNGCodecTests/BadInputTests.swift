import SheetOutput
import Foundation
import ImageInput
import Testing
import TestSupport
@testable import PNGCodec

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

    @Test("PngSuite's corrupt files are refused", arguments: Fixture.corruptSuiteNames)
    func suiteCorrupt(name: String) {
        let path = Fixture.path("pngsuite/\(name)")
        let error = #expect(throws: ImageError.self) { try Self.decodeAll(path: path) }
        #expect(error?.path == path)
    }

    @Test("Damaged files are refused with the file named", arguments: [
        "empty.png", "text.png", "directory.png", "truncated-header.png", "truncated-idat.png",
        "no-iend.png", "bad-ihdr-crc.png", "bad-idat-crc.png", "flipped-bits.png", "zero-width.png",
        "huge-dimensions.png", "bad-signature.png", "bad-color-type.png", "bad-bit-depth.png",
    ])
    func damaged(name: String) {
        let path = Fixture.path("corrupt/\(name)")
        let error = #expect(throws: ImageError.self) { try Self.decodeAll(path: path) }
        #expect(error?.path == path)
        #expect(error?.description.hasPrefix(path + ": ") == true)
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
        for length in 0..<bytes.count {
            #expect(throws: ImageError.self, "cut at \(length) of \(bytes.count)") {
                try Self.decodeAll(bytes: Array(bytes.prefix(length)))
            }
        }
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
        let error = #expect(throws: ImageError.self) { try Self.decodeAll(path: path) }
        #expect(error?.path == path)
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
        #expect(error?.reason.description.contains("truncated") == true, "\(String(describing: error))")
        #expect(PeakMemory.residentBytes - before < 512 << 20)
    }
}
