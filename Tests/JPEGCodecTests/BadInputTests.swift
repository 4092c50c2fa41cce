import CJPEG
import Foundation
import ImageInput
@testable import JPEGCodec
import PNGCodec
import TestSupport
import Testing

/// Damaged input must end in a `ImageError` naming the file: never a trap, an abort, a hang or a grey tile.
@Suite("Bad input")
struct BadInputTests {
    static func decodeAll(path: String) throws(ImageError) -> RGBAImage {
        try JPEGRowReader(path: path).readImage()
    }

    static func decodeAll(bytes: [UInt8]) throws(ImageError) -> RGBAImage {
        try JPEGDecoder.decode(bytes: bytes, name: "mutant")
    }

    @Test("Files that are not JPEGs are refused by the reader", arguments: ["png-named.jpg", "text.jpg"])
    func notJPEG(name: String) {
        let path = JPEGFixture.path(name)
        #expect(throws: ImageError(path: path, reason: .signatureMismatch(expected: "JPEG", signature: "does not start with FF D8 FF"))) { try JPEGRowReader(path: path) }
    }

    @Test("A file cut in its scan is an error, not a grey-bottomed photo")
    func truncated() throws {
        let path = JPEGFixture.path("truncated.jpg")
        let reader = try JPEGRowReader(path: path)
        let error = #expect(throws: ImageError.self) { try JPEGFixture.streamDecode(reader, band: 16) }
        #expect(error == ImageError(path: path, reason: .truncated(while: "decoding rows: Premature end of JPEG file")))
        #expect(error?.description == path + ": file is truncated (ends while decoding rows: Premature end of JPEG file)")
        // The rows before the cut were delivered; the failing band is not counted.
        #expect(reader.rowsRead > 0 && reader.rowsRead < reader.outputHeight)
    }

    @Test("A cut progressive file fails when the decode starts, since all scans are read then")
    func truncatedProgressive() {
        let path = JPEGFixture.path("truncated-progressive.jpg")
        #expect(throws: ImageError(path: path, reason: .truncated(while: "reading the progressive scans: Premature end of JPEG file"))) {
            try JPEGRowReader(path: path)
        }
    }

    /// Found by the shared bad-input suite (ImageFormatsTests): libjpeg fails on the
    /// padding EOI where table bytes were due ("missing SOS marker", or a bogus table),
    /// which was reported as corrupt data; the cause is the cut.
    @Test("A file cut in its tables, before the scan, is truncated, not corrupt")
    func truncatedTables() {
        let path = JPEGFixture.path("truncated-tables.jpg")
        #expect(throws: ImageError(path: path, reason: .truncated(while: "reading the headers: Premature end of JPEG file"))) {
            try JPEGRowReader(path: path)
        }
    }

    @Test("Garbage EXIF means orientation 1 and a clean decode")
    func garbageExif() throws {
        let reader = try JPEGRowReader(path: JPEGFixture.path("garbage-exif.jpg"))
        #expect(reader.orientation == .identity && reader.header.orientation == .identity)
        let image = try reader.readImage()
        #expect(image.width == 64 && image.height == 48)
        #expect(reader.warnings.count == 0)
    }

    @Test("A 65000×65000 frame is refused before any pixel memory exists")
    func hugeReader() {
        let path = JPEGFixture.path("huge.jpg")
        #expect(throws: ImageError(path: path, reason: .tooManyPixels(width: 65000, height: 65000, limit: 1 << 28))) {
            try JPEGRowReader(path: path)
        }
    }

    @Test("The C shim refuses it too, before jpeg_start_decompress")
    func hugeShim() throws {
        let bytes = try JPEGFixture.bytes("huge.jpg")
        try bytes.withUnsafeBytes { buffer in
            let reader = try #require(cjpeg_reader_create_memory(buffer.baseAddress, buffer.count))
            defer { cjpeg_reader_destroy(reader) }
            var info = cjpeg_info()
            #expect(cjpeg_reader_start(reader, 1 << 28, 0, 0, &info) == CIMAGE_ERROR_LIMIT)
            #expect(String(cString: cjpeg_reader_message(reader)) == "65000x65000 is 4225000000 pixels, over the limit of 268435456")
            #expect(info.width == 65000 && info.output_width == 0)
        }
    }

    @Test("Every truncation of a small file fails cleanly", arguments: ["orientation-1.jpg", "grey.jpg", "cmyk-adobe.jpg"])
    func everyTruncation(name: String) throws {
        let bytes = try JPEGFixture.bytes(name)
        #expect(try Self.decodeAll(bytes: bytes).pixels.count > 0)
        Truncations.expectEachReportedAsCut(bytes) { bytes, name throws(ImageError) in try JPEGDecoder.decode(bytes: bytes, name: name) }
    }

    @Test("Every truncation of a progressive file fails cleanly")
    func everyProgressiveTruncation() throws {
        let bytes = try JPEGFixture.bytes("progressive.jpg")
        Truncations.expectEachReportedAsCut(bytes, lengths: Array(Swift.stride(from: 0, to: bytes.count, by: 3))) { bytes, name throws(ImageError) in
            try JPEGDecoder.decode(bytes: bytes, name: name)
        }
    }

    @Test("Flipped bits either decode or throw, never crash", arguments: ["orientation-3.jpg", "progressive.jpg", "cmyk-adobe.jpg"])
    func flippedBits(name: String) throws {
        let bytes = try JPEGFixture.bytes(name)
        // Past the 3-byte signature (FF D8 FF), so every mutant is still taken for a JPEG.
        let failures = BitFlips.failures(decoding: bytes, keeping: JPEGHeader.signatureLength, count: 400) { try Self.decodeAll(bytes: $0) }
        // JPEG has no checksums: most flips in entropy data decode to a smudge
        // (measured: 19 to 77 of 400 refused), so only "no crash" is asserted.
        #expect(failures < 400)
    }

    @Test("Damage libjpeg can decode past is a warning, counted and kept, not an error")
    func warning() throws {
        var bytes = try JPEGFixture.bytes("grey.jpg")
        // Junk after the 20 bytes of SOI and Pillow's JFIF APP0 segment.
        #expect(bytes[2...3] == [0xFF, 0xE0] && bytes[20] == 0xFF)
        bytes.insert(contentsOf: [0x12, 0x34, 0x56], at: 20)
        let reader = try JPEGRowReader(bytes: bytes, name: "extraneous")
        let image = try reader.readImage()
        #expect(image == (try JPEGDecoder.decode(path: JPEGFixture.path("grey.jpg"))))
        #expect(reader.warnings.count == 1)
        #expect(reader.warnings.first == "Corrupt JPEG data: 3 extraneous bytes before marker 0xdb")
    }

    @Test("A progressive file with endless scans is stopped")
    func endlessScans() throws {
        // Repeat progressive.jpg's last scan 600 times: libjpeg only warns about the
        // bogus progression, so without a limit it would redo each pass.
        let bytes = try JPEGFixture.bytes("progressive.jpg")
        let lastScan = try #require((0..<bytes.count - 1).last { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        let scan = bytes[lastScan..<bytes.count - 2]
        var mutant = Array(bytes[..<lastScan])
        for _ in 0..<600 { mutant += scan }
        mutant += [0xFF, 0xD9]
        #expect(throws: ImageError(path: "mutant", reason: .corrupt(
            format: "JPEG", message: "more than 500 progressive scans (refused to avoid a near-endless decode)"
        ))) { try Self.decodeAll(bytes: mutant) }
    }

    @Test("A missing file and a directory name the path and the reason")
    func missing() {
        #expect(throws: ImageError(path: "/no/such.jpg", reason: .cannotOpen(errno: ENOENT))) { try JPEGRowReader(path: "/no/such.jpg") }
        let directory = JPEGFixture.path("golden")
        #expect(throws: ImageError(path: directory, reason: .isDirectory)) { try JPEGRowReader(path: directory) }
    }
}
