import Foundation
import Geometry
import ImageInput
@testable import PNGCodec
import TestSupport
import Testing

@Suite("Header probe")
struct HeaderProbeTests {
    @Test("PngSuite headers match their names", arguments: try Fixture.validSuiteNames().filter { $0 != "PngSuite.png" })
    func suiteHeader(name: String) throws {
        let header = try ImageHeader.probe(path: Fixture.path("pngsuite/\(name)"))
        // PngSuite names encode the format: [b|s|…]ai/n (interlace), the colour type digit, the bit depth.
        let chars = Array(name)
        #expect(header.isInterlaced == (chars[3] == "i"))
        #expect(header.colorType.rawValue == UInt8(String(chars[4])))
        #expect(header.bitDepth == Int(String(chars[6...7])))
    }

    @Test("Probe reads only the first 33 bytes")
    func probeIgnoresTheRest() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixture.path("pngsuite/basn2c08.png"))))
        let header = try ImageHeader.parse(bytes.prefix(33), path: "prefix")
        #expect(header == ImageHeader(width: 32, height: 32, colorType: .rgb, bitDepth: 8, isInterlaced: false))
    }

    @Test("Damaged headers are refused with a reason", arguments: [
        ("empty.png", ImageError.Reason.emptyFile),
        ("text.png", .signatureMismatch(expected: "PNG", signature: "signature does not match")),
        ("bad-signature.png", .signatureMismatch(expected: "PNG", signature: "signature does not match")),
        ("truncated-header.png", .truncated(while: "reading IHDR")),
        ("zero-width.png", .invalidDimensions(width: 0, height: 64, maximumSide: 0x7FFF_FFFF)),
        ("bad-color-type.png", .format(PNGFailure.invalidFormat(colorType: 1, bitDepth: 8))),
        ("bad-bit-depth.png", .format(PNGFailure.invalidFormat(colorType: 2, bitDepth: 4))),
        ("huge-dimensions.png", .tooManyPixels(width: 100_000, height: 100_000, limit: 1 << 28)),
        ("directory.png", .isDirectory),
    ])
    func damagedHeader(name: String, reason: ImageError.Reason) {
        let path = Fixture.path("corrupt/\(name)")
        #expect(throws: ImageError(path: path, reason: reason)) {
            try ImageHeader.probe(path: path)
        }
    }

    @Test("A first chunk other than IHDR is named by its type, in hex when it is not letters", arguments: [
        (Array("IDAT".utf8), "the first chunk is IDAT, not IHDR"),
        ([0xFF, 0xFE, 0x00, 0x41], "the first chunk's type is not letters (bytes FF FE 00 41): the file is damaged or not a PNG after its signature"),
    ])
    func missingHeaderNamed(type: [UInt8], words: String) {
        let bytes = ImageHeader.signature + [0, 0, 0, 13] + type + [UInt8](repeating: 0, count: 17)
        let error = #expect(throws: ImageError.self) { try ImageHeader.parse(bytes, path: "p") }
        #expect(error?.description == "p: " + words)
    }

    @Test("A wrong IHDR checksum names both values")
    func headerChecksum() throws {
        let path = Fixture.path("corrupt/bad-ihdr-crc.png")
        let error = #expect(throws: ImageError.self) { try ImageHeader.probe(path: path) }
        guard case .format(PNGFailure.checksumMismatch(let chunk, let declared, let computed))? = error?.reason else {
            Issue.record("expected a checksum mismatch, got \(String(describing: error))")
            return
        }
        #expect(chunk == "IHDR")
        #expect(declared != computed)
        #expect(error?.description.hasPrefix(path + ": IHDR checksum mismatch") == true)
    }

    @Test("A missing file names the path and the system's reason")
    func missingFile() {
        let error = #expect(throws: ImageError.self) { try ImageHeader.probe(path: "/no/such/file.png") }
        #expect(error?.description == "/no/such/file.png: cannot open: No such file or directory")
    }
}
