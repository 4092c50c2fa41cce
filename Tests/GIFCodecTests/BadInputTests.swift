import CGIF
import Foundation
import ImageInput
import Testing
@testable import GIFCodec
import TestSupport

/// Damaged input must end in an `ImageError` naming the file: never a trap, a hang or a blank tile.
@Suite("Bad input")
struct BadInputTests {
    @Test("A file cut in its frame, or just before its trailer, says where")
    func truncatedMessages() throws {
        let bytes = try Fixture.bytes("global.gif")
        #expect(throws: ImageError(path: "cut", reason: .truncated(while: "decoding the first frame"))) {
            try GIFRowReader(bytes: Array(bytes.prefix(bytes.count - 100)), name: "cut").readImage()
        }
        #expect(throws: ImageError(path: "cut", reason: .truncated(while: "reading the record after the first frame"))) {
            try GIFRowReader(bytes: Array(bytes.dropLast()), name: "cut").readImage()
        }
    }

    /// global.gif with its logical screen declared 65535×65535, the largest GIF's 16 bits hold.
    static func hugeScreen() throws -> [UInt8] {
        var bytes = try Fixture.bytes("global.gif")
        bytes[6...9] = [0xFF, 0xFF, 0xFF, 0xFF]
        return bytes
    }

    @Test("A 65535×65535 logical screen is refused before any pixel memory exists")
    func hugeRefused() throws {
        let bytes = try Self.hugeScreen()
        let refusal = ImageError(path: "huge", reason: .tooManyPixels(width: 65535, height: 65535, limit: 1 << 28))
        #expect(throws: refusal) { try GIFHeader.probe(MemoryBytes(bytes), path: "huge") }
        #expect(throws: refusal) { try GIFRowReader(bytes: bytes, name: "huge") }
    }

    @Test("The C shim refuses it too, before reading a row")
    func hugeShim() throws {
        let bytes = try Self.hugeScreen()
        try bytes.withUnsafeBufferPointer { buffer in
            let reader = try #require(cgif_reader_create_memory(buffer.baseAddress, buffer.count))
            defer { cgif_reader_destroy(reader) }
            var info = cgif_info()
            #expect(cgif_reader_start(reader, 1 << 28, &info) == CIMAGE_ERROR_LIMIT)
            #expect(String(cString: cgif_reader_message(reader)) == "65535x65535 is 4294836225 pixels, over the limit of 268435456")
            #expect(info.width == 65535 && info.frame_width == 64)
        }
    }

    @Test("An empty screen with an empty frame has invalid dimensions")
    func emptyCanvas() throws {
        var bytes = try Fixture.bytes("global.gif")
        bytes[6...9] = [0, 0, 0, 0]
        let descriptor = Fixture.firstImageDescriptor(bytes)
        bytes[descriptor + 5...descriptor + 8] = [0, 0, 0, 0]
        #expect(throws: ImageError(path: "empty", reason: .invalidDimensions(width: 0, height: 0, maximumSide: 65535))) {
            try GIFHeader.probe(MemoryBytes(bytes), path: "empty")
        }
        #expect(throws: ImageError(path: "empty", reason: .corrupt(format: "GIF", message: "the logical screen and the first frame are both empty"))) {
            try GIFRowReader(bytes: bytes, name: "empty")
        }
    }

    @Test("A trailer before any image is corrupt, in the probe and the reader")
    func noImage() throws {
        let bytes = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0, 0x3B]
        let refusal = ImageError(path: "none", reason: .corrupt(format: "GIF", message: "the trailer comes before any image"))
        #expect(throws: refusal) { try GIFHeader.probe(MemoryBytes(bytes), path: "none") }
        #expect(throws: refusal) { try GIFRowReader(bytes: bytes, name: "none") }
    }

    @Test("A byte that starts no GIF block before the first image is named as such, not as giflib's record type")
    func strayBlock() throws {
        var bytes = try Fixture.bytes("global.gif")
        bytes.insert(0x47, at: Fixture.firstImageDescriptor(bytes))
        let message = "a block before the first image starts with no GIF block's byte (an image 2C, an extension 21 or the trailer 3B)"
        #expect(throws: ImageError(path: "stray", reason: .corrupt(format: "GIF", message: message))) {
            try GIFRowReader(bytes: bytes, name: "stray")
        }
    }

    /// giflib reports a size over 8 as a failed read; the shim decodes 9 to 11 itself and
    /// knows no read failed.
    @Test("An LZW code size over 11 is corrupt data, not a read failure")
    func badCodeSize() throws {
        var bytes = try Fixture.bytes("global.gif")
        let descriptor = Fixture.firstImageDescriptor(bytes)
        bytes[descriptor + 10] = 12
        let message = "an LZW minimum code size of 12 (GIF readers take 2 to 11)"
        #expect(throws: ImageError(path: "lzw", reason: .corrupt(format: "GIF", message: message))) {
            try GIFRowReader(bytes: bytes, name: "lzw")
        }
    }

    /// A clear code then the end code, at 9 and 10 bits: giflib (size 8) and the shim's own
    /// decoder (size 9) meet the same early end and say it the same way.
    @Test("LZW data that ends before the frame's last pixel says so, not \"Image EOF detected\"",
          arguments: [(UInt8(8), [UInt8(0x00), 0x03, 0x02]), (UInt8(9), [UInt8(0x00), 0x06, 0x08])])
    func lzwEndsEarly(size: UInt8, codes: [UInt8]) throws {
        let bytes = try Fixture.bytes("global.gif")
        let descriptor = Fixture.firstImageDescriptor(bytes)
        let short = Array(bytes[..<(descriptor + 10)]) + [size, UInt8(codes.count)] + codes + [0, 0x3B]
        let reason = ImageError.Reason.corrupt(format: "GIF", message: "the LZW data ends before the frame's last pixel")
        #expect(throws: ImageError(path: "short", reason: reason)) { try Fixture.streamDecode(GIFRowReader(bytes: short, name: "short")) }
    }

    @Test("LZW data at a code size giflib refuses, cut or damaged, fails cleanly", arguments: [9, 11])
    func ownLZWDamage(size: Int) throws {
        let bytes = try Fixture.bytes("lzw-\(size).gif")
        let descriptor = Fixture.firstImageDescriptor(bytes)
        for length in Swift.stride(from: descriptor + 11, to: bytes.count, by: 97) {
            #expect(throws: ImageError.self) { try Fixture.streamDecode(GIFRowReader(bytes: bytes.prefix(length), name: "cut")) }
        }
        for offset in Swift.stride(from: descriptor + 13, to: bytes.count - 1, by: 53) {
            var damaged = bytes
            damaged[offset] ^= 0xA5
            _ = try? Fixture.streamDecode(GIFRowReader(bytes: damaged, name: "damaged"))
        }
    }

    @Test("A file that is not a GIF is refused by the reader and the probe")
    func notGIF() {
        let path = Fixture.path("text.gif")
        let mismatch = ImageError.Reason.signatureMismatch(expected: "GIF", signature: "does not start with GIF87a or GIF89a")
        #expect(throws: ImageError(path: path, reason: mismatch)) { try GIFRowReader(path: path) }
        #expect(throws: ImageError(path: "t", reason: mismatch)) { try GIFHeader.probe(MemoryBytes(Array("not a picture".utf8)), path: "t") }
    }

    @Test("A missing file and a directory name the path and the reason")
    func missing() {
        #expect(throws: ImageError(path: "/no/such.gif", reason: .cannotOpen(errno: ENOENT))) { try GIFRowReader(path: "/no/such.gif") }
        let directory = Fixture.path("golden")
        #expect(throws: ImageError(path: directory, reason: .isDirectory)) { try GIFRowReader(path: directory) }
    }
}
