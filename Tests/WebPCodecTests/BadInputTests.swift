import CWebP
import Foundation
import ImageInput
import TestSupport
import Testing
@testable import WebPCodec

/// Damaged input must end in an `ImageError` naming the file: never a trap, a hang or a blank tile.
@Suite("Bad input")
struct BadInputTests {
    @Test("A cut file says so")
    func truncatedMessage() throws {
        let bytes = try Fixture.bytes("lossy.webp")
        #expect(throws: ImageError(path: "cut", reason: .truncated(while: "reading the RIFF container"))) {
            try WebPRowReader(bytes: Array(bytes.prefix(bytes.count - 1)), name: "cut")
        }
        #expect(throws: ImageError(path: "cut", reason: .truncated(while: "reading the header"))) {
            try WebPHeader.probe(MemoryBytes(bytes.prefix(25)), path: "cut")
        }
    }

    /// An animated VP8X header declaring a 20000×20000 canvas, and nothing else.
    static let hugeCanvas: [UInt8] = {
        func le(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let vp8x = Array("VP8X".utf8) + le(10, 4) + [0x12, 0, 0, 0] + le(19999, 3) + le(19999, 3)
        let anim = Array("ANIM".utf8) + le(6, 4) + [0, 0, 0, 0, 0, 0]
        return Array("RIFF".utf8) + le(4 + vp8x.count + anim.count, 4) + Array("WEBP".utf8) + vp8x + anim
    }()

    @Test("A 20000×20000 canvas is refused from the header, before the chunks are parsed")
    func hugeCanvasRefused() {
        let refusal = ImageError(path: "huge", reason: .tooManyPixels(width: 20000, height: 20000, limit: 1 << 28))
        #expect(throws: refusal) { try WebPHeader.probe(MemoryBytes(Self.hugeCanvas), path: "huge") }
        #expect(throws: refusal) { try WebPRowReader(bytes: Self.hugeCanvas, name: "huge") }
    }

    @Test("The C shim refuses it too, and plans no output")
    func hugeShim() throws {
        try Self.hugeCanvas.withUnsafeBufferPointer { buffer in
            let decoder = try #require(cwebp_decoder_create(buffer.baseAddress, buffer.count))
            defer { cwebp_decoder_destroy(decoder) }
            var info = cwebp_info()
            #expect(cwebp_decoder_start(decoder, 1 << 28, 0, 0, &info) == CIMAGE_ERROR_LIMIT)
            #expect(String(cString: cwebp_decoder_message(decoder)) == "20000x20000 is 400000000 pixels, over the limit of 268435456")
            #expect(info.width == 20000 && info.output_width == 0)
        }
    }

    /// lossy.webp with its VP8 frame header claiming 16383×16383, the largest a VP8 bitstream holds.
    static func largestVP8() throws -> [UInt8] {
        var bytes = try Fixture.bytes("lossy.webp")
        // RIFF header (12), "VP8 " chunk header (8), frame tag (3), start code 9D 01 2A, then 14-bit sizes.
        #expect(bytes[12..<16].elementsEqual("VP8 ".utf8) && bytes[23..<26].elementsEqual([0x9D, 0x01, 0x2A]))
        bytes[26...29] = [0xFF, 0x3F, 0xFF, 0x3F]
        return bytes
    }

    /// 16383² = 268 402 689 is just under the default 2^28 = 268 435 456, so only a lower limit refuses it.
    @Test("The largest VP8 header is refused by a lower limit, probe and reader alike")
    func largestVP8Refused() throws {
        let bytes = try Self.largestVP8()
        let header = try WebPHeader.probe(MemoryBytes(bytes), path: "large")
        #expect(header.width == 16383 && header.height == 16383)
        let limits = DecodeLimits(maxPixels: 1 << 26)
        let refusal = ImageError(path: "large", reason: .tooManyPixels(width: 16383, height: 16383, limit: 1 << 26))
        #expect(throws: refusal) { try WebPHeader.probe(MemoryBytes(bytes), path: "large", limits: limits) }
        #expect(throws: refusal) { try WebPRowReader(bytes: bytes, name: "large", limits: limits) }
    }

    @Test("A file that is not a WebP is refused by the reader and the probe")
    func notWebP() {
        let path = Fixture.path("text.webp")
        let mismatch = ImageError.Reason.signatureMismatch(expected: "WebP", signature: "does not start with RIFF and WEBP")
        #expect(throws: ImageError(path: path, reason: mismatch)) { try WebPRowReader(path: path) }
        #expect(throws: ImageError(path: "t", reason: mismatch)) {
            try WebPHeader.probe(MemoryBytes(Array("not a picture".utf8)), path: "t")
        }
    }

    @Test("A missing file and a directory name the path and the reason")
    func missing() {
        #expect(throws: ImageError(path: "/no/such.webp", reason: .cannotOpen(errno: ENOENT))) { try WebPRowReader(path: "/no/such.webp") }
        let directory = Fixture.path("golden")
        #expect(throws: ImageError(path: directory, reason: .isDirectory)) { try WebPRowReader(path: directory) }
    }
}
