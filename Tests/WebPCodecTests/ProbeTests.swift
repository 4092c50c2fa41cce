import ImageInput
import Testing
@testable import WebPCodec

/// What the header probe learns from the first bytes, and what the registry makes of it.
@Suite("Probe")
struct ProbeTests {
    static let cases: [(name: String, width: Int, height: Int, alpha: Bool, animated: Bool)] = [
        ("lossless.webp", 64, 48, false, false),
        ("lossy.webp", 64, 48, false, false),
        ("alpha.webp", 64, 48, true, false),
        ("lossy-alpha.webp", 64, 48, true, false),
        ("animated.webp", 64, 48, true, true),
        ("icc.webp", 64, 48, false, false),
        ("scaled.webp", 240, 180, false, false),
    ]

    @Test("The probe gives the canvas, alpha and animation", arguments: cases)
    func header(name: String, width: Int, height: Int, alpha: Bool, animated: Bool) throws {
        let header = try WebPHeader.probe(MemoryBytes(Fixture.bytes(name)), path: name)
        #expect(header.width == width && header.height == height)
        #expect(header.hasAlpha == alpha && header.isAnimated == animated)
    }

    @Test("The ICC profile is the one Pillow reads back; files without one give nil")
    func iccProfile() throws {
        let header = try WebPHeader.probe(MemoryBytes(Fixture.bytes("icc.webp")), path: "icc.webp")
        #expect(header.iccProfile == (try Fixture.bytes("icc.icc")))
        #expect(try WebPHeader.probe(MemoryBytes(Fixture.bytes("alpha.webp")), path: "alpha.webp").iccProfile == nil)
    }

    @Test("The registry recognises WebP by content and probes it")
    func registry() throws {
        let registry = ImageRegistry([WebPFormat.self])
        let info = try registry.probe(path: Fixture.path("icc.webp"), limits: .default)
        #expect(info.format == "WebP" && info.width == 64 && info.height == 48 && info.orientation == .identity)
        #expect(info.iccProfile?.count == 588)
        let reader = try registry.openRows(path: Fixture.path("icc.webp"), info: info, limits: .default)
        #expect(reader.outputWidth == 64)
    }

    static let riff: [UInt8] = Array("RIFF".utf8)
    static let signatures: [(bytes: [UInt8], matches: Bool)] = [
        (riff + [0, 0, 0, 0] + Array("WEBP".utf8), true),
        (riff + [0xFF, 0xFF, 0xFF, 0x7F] + Array("WEBP".utf8), true),
        (riff + [0, 0, 0, 0] + Array("WAVE".utf8), false),
        (riff + [0, 0, 0, 0] + Array("WEB".utf8), false),
        (Array("GIF89a".utf8), false),
    ]

    @Test("The signature needs RIFF and WEBP around any size", arguments: signatures)
    func signature(bytes: [UInt8], matches: Bool) {
        #expect(WebPFormat.matches(bytes) == matches)
    }
}
