import Foundation
import ImageInput
import Testing
import TestSupport
@testable import PNGCodec

/// The image data of 8-bit RGB and RGBA PNGs is read without libpng (cpng_idat.c: ISA-L's
/// inflate and pinboard's own unfiltering); these cases reach what PngSuite's files do not:
/// chunk boundaries anywhere, damage in a later chunk, what follows the image data.
@Suite("Image data without libpng")
struct ImageDataPathTests {
    /// A PNG assembled from chunks, each given its CRC.
    static func png(_ chunks: [(type: String, data: [UInt8])]) -> [UInt8] {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        for (type, data) in chunks {
            let typed = Array(type.utf8) + data
            bytes += bigEndian(UInt32(data.count)) + typed + bigEndian(Zlib.crc32(typed[...]) ?? 0)
        }
        return bytes
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// A PngSuite file's chunks with its image data cut into IDAT chunks of `sizes`, in turn,
    /// and its gAMA of 1.0 (which libpng would convert) replaced by `gamma`, or left out.
    ///
    /// Without a gAMA the image data is read by CPNG; with a gAMA of 0.45 (within libpng's 5%
    /// of sRGB's 1/2.2, so libpng leaves the samples alone but CPNG does not take it) by
    /// libpng: the same pixels by the two paths.
    static func rechunked(
        _ name: String, sizes: [Int], gamma: UInt32? = nil, before end: [(type: String, data: [UInt8])] = []
    ) throws -> [UInt8] {
        let original = try PNGChunks(path: Fixture.path("pngsuite/\(name)"))
        let data = original.imageData
        var pieces: [(type: String, data: [UInt8])] = []
        var offset = 0
        var turn = 0
        while offset < data.count {
            let size = min(sizes[turn % sizes.count], data.count - offset)
            pieces.append(("IDAT", Array(data[offset..<offset + size])))
            offset += size
            turn += 1
        }
        let head = original.chunks.prefix { $0.type != "IDAT" }.filter { $0.type != "gAMA" }.map { ($0.type, $0.data) }
        return png(head + (gamma.map { [("gAMA", bigEndian($0))] } ?? []) + pieces + end + [("IEND", [])])
    }

    static func reader(_ bytes: [UInt8]) throws -> PNGRowReader { try PNGRowReader(bytes: bytes) }

    @Test("Image data cut into IDAT chunks of any size decodes to libpng's pixels",
          arguments: ["basn2c08.png", "basn6a08.png", "f00n2c08.png", "f01n2c08.png", "f02n2c08.png", "f03n2c08.png",
                      "f04n2c08.png", "z00n2c08.png", "z09n2c08.png"])
    func chunkBoundaries(name: String) throws {
        let libpng = try Self.reader(try Self.rechunked(name, sizes: [100_000], gamma: 45000))
        #expect(!libpng.readsImageDataItself)
        let expected = try libpng.readImage()
        for sizes in [[1], [2, 1, 3], [7], [64, 1], [100_000]] {
            let own = try Self.reader(try Self.rechunked(name, sizes: sizes))
            #expect(own.readsImageDataItself)
            #expect(try own.readImage().pixels == expected.pixels, "IDAT sizes \(sizes)")
        }
    }

    @Test("Which PNGs CPNG reads itself: 8-bit RGB or RGBA, not interlaced, nothing to convert")
    func whichPath() throws {
        let sheet = try PNGRowReader(path: Fixture.path("golden/pngsuite-sheet.png"))
        #expect(sheet.readsImageDataItself, "pinboard's own sheets")
        for name in ["basn2c08.png", "basn0g08.png", "basn3p08.png", "basn2c16.png", "basi2c08.png", "tbrn2c08.png"] {
            #expect(try !PNGRowReader(path: Fixture.path("pngsuite/\(name)")).readsImageDataItself, "\(name)")
        }
    }

    @Test("A CRC error in a later IDAT chunk is found")
    func laterCRC() throws {
        var bytes = try Self.rechunked("basn2c08.png", sizes: [10])
        #expect(try Self.reader(bytes).readsImageDataItself)
        // The third IDAT's CRC: signature (8), IHDR (25), two IDATs of 10 (22 each), then 4 + 4 + 10.
        let third = 8 + 25 + 2 * 22 + 8 + 10
        try #require(bytes.count > third + 30, "more IDATs follow the third")
        bytes[third] ^= 0x01
        let error = #expect(throws: ImageError.self) { try PNGDecoder.decode(bytes: bytes) }
        #expect(error?.description.contains("CRC") == true, "\(String(describing: error))")
    }

    @Test("Damage in the zlib header, the deflate data or a filter byte is refused, naming the reason")
    func damagedData() throws {
        let original = try PNGChunks(path: Fixture.path("pngsuite/basn2c08.png"))
        let head = original.chunks.prefix { $0.type != "IDAT" }.filter { $0.type != "gAMA" }.map { ($0.type, $0.data) }
        var header = original.imageData
        header[0] = 0x79  // window size over 32 KiB
        var filter = try #require(Zlib.inflate(original.imageData, count: 32 * 97))
        filter[0] = 9
        for (damage, data, reason) in [
            ("zlib header", header, "incorrect header check"),
            ("deflate data", Array(original.imageData.prefix(2)) + [0xFF, 0xFF, 0xFF] + original.imageData.dropFirst(5), "invalid compressed data"),
            ("filter byte", try #require(Zlib.deflate(filter)), "bad adaptive filter value"),
        ] {
            let bytes = Self.png(head + [("IDAT", data), ("IEND", [])])
            #expect(try Self.reader(bytes).readsImageDataItself)
            let error = #expect(throws: ImageError.self, "\(damage)") { try PNGDecoder.decode(bytes: bytes) }
            #expect(error?.description.contains(reason) == true, "\(damage): \(String(describing: error))")
        }
    }

    @Test("Chunks after the image data: ancillary ones and extra image data are skipped, an unknown critical one is refused, a missing IEND read")
    func trailingChunks() throws {
        let expected = try Self.reader(try Self.rechunked("basn6a08.png", sizes: [100_000], gamma: 45000)).readImage()
        let text = Array("Comment\u{0}after the pixels".utf8)
        let skipped = try Self.rechunked("basn6a08.png", sizes: [300], before: [("tEXt", text), ("teST", [1, 2, 3])])
        #expect(try PNGDecoder.decode(bytes: skipped).pixels == expected.pixels)
        let critical = try Self.rechunked("basn6a08.png", sizes: [300], before: [("TEST", [1, 2, 3])])
        let error = #expect(throws: ImageError.self) { try PNGDecoder.decode(bytes: critical) }
        #expect(error?.description.contains("unknown critical chunk") == true, "\(String(describing: error))")
        let plain = try Self.rechunked("basn6a08.png", sizes: [300])
        #expect(try PNGDecoder.decode(bytes: Array(plain.dropLast(12))).pixels == expected.pixels, "no IEND: read, with a warning")
        #expect(throws: ImageError.self, "cut in the last IDAT's CRC") { try PNGDecoder.decode(bytes: Array(plain.dropLast(13))) }
    }

    @Test("Image data that ends before the last row is refused as not enough")
    func notEnoughData() throws {
        let original = try PNGChunks(path: Fixture.path("pngsuite/basn2c08.png"))
        let head = original.chunks.prefix { $0.type != "IDAT" }.filter { $0.type != "gAMA" }.map { ($0.type, $0.data) }
        let rows = try #require(Zlib.inflate(original.imageData, count: 32 * 97))
        let bytes = Self.png(head + [("IDAT", try #require(Zlib.deflate(Array(rows.dropLast(97))))), ("IEND", [])])
        let error = #expect(throws: ImageError.self) { try PNGDecoder.decode(bytes: bytes) }
        #expect(error?.description.contains("Not enough image data") == true, "\(String(describing: error))")
    }
}
