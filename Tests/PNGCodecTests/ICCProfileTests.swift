import Foundation
import ImageInput
@testable import PNGCodec
import TestSupport
import Testing

/// The probe's iCCP search, against PNGs Pillow wrote with hand-made profiles
/// (`scripts/make-icc-fixtures.py`, `Fixtures/icc/`).
@Suite("ICC profiles")
struct ICCProfileTests {
    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixture.path("icc/\(name)"))))
    }

    static func probe(_ name: String) throws -> ImageInfo {
        let path = Fixture.path("icc/\(name)")
        let file = try FileBytes.open(path: path)
        defer { close(file.fileDescriptor) }
        return try PNGFormat.probe(file, path: path, limits: .default)
    }

    /// Serves the first `good` bytes, then fails as a disk would.
    struct FailingBytes: ByteSource {
        let bytes: [UInt8]
        let good: Int

        func read(at offset: Int, count: Int) throws(ImageError.Reason) -> [UInt8] {
            if offset + count > good { throw .readFailed(errno: EIO) }
            return MemoryBytes(bytes).read(at: offset, count: count)
        }
    }

    @Test("The probe hands over exactly the profile Pillow embedded", arguments: [
        ("display-p3.png", "display-p3.icc"),
        ("adobe-rgb.png", "adobe-rgb-1998.icc"),
        ("grey.png", "grey-gamma-2.2.icc"),
        ("display-p3-padded.png", "display-p3-padded.icc"),
        ("icc-after-text.png", "display-p3.icc"),
        ("adobe-rgb-gama.png", "adobe-rgb-1998.icc"),
    ])
    func embedded(image: String, profile: String) throws {
        let expected = try Self.bytes(profile)
        let info = try Self.probe(image)
        #expect(info.iccProfile == expected)
        #expect((info.width, info.height) == (32, 24))
        #expect(try PNGFormat.probe(MemoryBytes(Self.bytes(image)), path: image, limits: .default) == info)
    }

    @Test("No profile when none is embedded, or when an sRGB chunk comes first", arguments: [
        "no-profile.png", "srgb.png", "srgb-then-icc.png",
    ])
    func none(image: String) throws {
        #expect(try Self.probe(image).iccProfile == nil)
    }

    @Test("A damaged or misplaced iCCP gives no profile, and the image still probes and decodes", arguments: [
        "icc-bad-crc.png", "icc-bad-zlib.png", "icc-too-large.png", "icc-bad-method.png", "icc-no-name.png",
        "icc-after-idat.png", "icc-after-64-chunks.png",
    ])
    func damaged(image: String) throws {
        let info = try Self.probe(image)
        #expect(info.iccProfile == nil)
        if case .damagedProfile = info.color { return }
        #expect(info.color == nil)
        #expect((info.width, info.height) == (32, 24))
        let decoded = try PNGDecoder.decode(path: Fixture.path("icc/\(image)"))
        #expect((decoded.width, decoded.height) == (32, 24))
    }

    @Test("gAMA and cHRM beside iCCP are ignored: the samples are those of the same file without them")
    func gammaBesideProfile() throws {
        let withGamma = try PNGDecoder.decode(path: Fixture.path("icc/adobe-rgb-gama.png"))
        let without = try PNGDecoder.decode(path: Fixture.path("icc/adobe-rgb.png"))
        #expect((withGamma.width, withGamma.height) == (32, 24))
        #expect(PixelComparison.worstDifference(withGamma.pixels, without.pixels) == 0)
    }

    @Test("An iCCP that cannot be read says why, for the manifest", arguments: [
        ("icc-bad-method.png", ProfileDamage.compressionMethod(1)),
        ("icc-no-name.png", ProfileDamage.badName),
        ("icc-too-large.png", ProfileDamage.overLimit(limit: 16 << 20)),
    ])
    func damageNamed(image: String, damage: ProfileDamage) throws {
        #expect(try Self.probe(image).color == .damagedProfile(damage))
    }

    @Test("A cut zlib stream in iCCP is named as such, with zlib's words")
    func brokenCompression() throws {
        let color = try Self.probe("icc-bad-zlib.png").color
        guard case .damagedProfile(.brokenCompression(let message)) = color else {
            Issue.record("expected brokenCompression, got \(String(describing: color))")
            return
        }
        #expect(!message.isEmpty)
    }

    @Test("A profile at the inflate limit is read; one byte over it is named over the limit")
    func inflateLimit() throws {
        let bytes = try Self.bytes("display-p3.png")
        let profile = try Self.bytes("display-p3.icc")
        #expect(try ICCProfileSearch(source: MemoryBytes(bytes), inflateLimit: profile.count).find() == .icc(profile))
        #expect(try ICCProfileSearch(source: MemoryBytes(bytes), inflateLimit: profile.count - 1).find()
            == .damagedProfile(.overLimit(limit: profile.count - 1)))
    }

    @Test("A file cut anywhere between IHDR and the end of its iCCP probes with no profile")
    func truncated() throws {
        let bytes = try Self.bytes("display-p3.png")
        let chunk = try #require(PNGTextTests.offset(ofChunk: "iCCP", in: bytes))
        let end = chunk + 12 + Int(PNGChunks.bigEndian(bytes, at: chunk))
        for length in ImageHeader.probeLength..<end {
            let info = try PNGFormat.probe(MemoryBytes(bytes.prefix(length)), path: "cut", limits: .default)
            #expect(info.iccProfile == nil, "cut at \(length)")
        }
        #expect(try PNGFormat.probe(MemoryBytes(bytes.prefix(end)), path: "cut", limits: .default).iccProfile != nil)
    }

    @Test("A read that fails after IHDR fails the probe, naming the file")
    func readFailure() throws {
        let source = FailingBytes(bytes: try Self.bytes("display-p3.png"), good: ImageHeader.probeLength)
        #expect(throws: ImageError(path: "disk.png", reason: .readFailed(errno: EIO))) {
            try PNGFormat.probe(source, path: "disk.png", limits: .default)
        }
    }

    @Test("PngSuite's valid files all probe, none with a profile", arguments: try Fixture.validSuiteNames())
    func pngSuite(name: String) throws {
        let path = Fixture.path("pngsuite/\(name)")
        let file = try FileBytes.open(path: path)
        defer { close(file.fileDescriptor) }
        #expect(try PNGFormat.probe(file, path: path, limits: .default).iccProfile == nil)
    }
}
