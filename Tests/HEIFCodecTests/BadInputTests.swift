import Foundation
@testable import HEIFCodec
import ImageInput
import TestSupport
import Testing

/// Damaged input must end in an `ImageError` naming the file: never a trap, a hang or a grey picture.
@Suite("Bad input")
struct BadInputTests {
    static let decode = MemoryDecode { bytes, name, limits throws(ImageError) in try HEIFRowReader(bytes: bytes, name: name, limits: limits) }

    @Test("Every truncation of a HEIC fails cleanly, in the probe or the decode")
    func everyTruncation() throws {
        let bytes = try Fixture.bytes("plain.heic")
        Truncations.expectEachReportedAsCut(bytes) { bytes, name throws(ImageError) in try Self.decode(bytes, name: name) }
    }

    @Test("Truncations of the other files, the first 64 lengths and every 5th, fail cleanly",
          arguments: ["alpha.heic", "plain.avif", "thumbnail.heic", "10bit.heic"])
    func strideTruncation(name: String) throws {
        let bytes = try Fixture.bytes(name)
        let lengths = Array(0..<64) + Array(Swift.stride(from: 64, to: bytes.count, by: 5))
        Truncations.expectEachReportedAsCut(bytes, lengths: lengths) { bytes, name throws(ImageError) in try Self.decode(bytes, name: name) }
    }

    @Test("A cut in the image data or the boxes says the file is truncated", arguments: [300, 2000])
    func truncatedMessage(length: Int) throws {
        let bytes = try Array(Fixture.bytes("plain.heic").prefix(length))
        let error = #expect(throws: ImageError.self) { try HEICFormat.probe(MemoryBytes(bytes), path: "cut", limits: .default) }
        #expect(error?.path == "cut")
        switch error?.reason {
        case .truncated(let stage)?: #expect(stage.hasPrefix("reading the boxes"), "\(stage)")
        default: Issue.record("expected a cut file, got \(String(describing: error))")
        }
    }

    @Test("Flipped bits either decode or throw, never crash", arguments: ["plain.heic", "alpha.heic", "plain.avif"])
    func flippedBits(name: String) throws {
        let bytes = try Fixture.bytes(name)
        // Past the 12-byte brand, so every mutant is still taken for HEIF; libheif has no
        // checksums either, so only "no crash" is asserted.
        _ = BitFlips.failures(decoding: bytes, keeping: 12, count: 200) { try Self.decode($0) }
    }

    /// Found by `scripts/fuzz FuzzHEIF`: libheif's dav1d plugin leaks on these streams
    /// (upstream bugs, suppressed for LeakSanitizer); pinboard's part is the clean error.
    @Test("Damaged AV1 streams found by fuzzing end in an error",
          arguments: ["fuzz-dav1d-leak.avif", "fuzz-dav1d-image-leak.avif"])
    func fuzzedAV1Stream(name: String) throws {
        let bytes = try Fixture.bytes(name)
        let error = #expect(throws: ImageError.self) { try Self.decode(bytes) }
        #expect(error?.reason.isDamage(of: "AVIF") == true, "\(String(describing: error))")
    }

    /// Found by `scripts/fuzz FuzzHEIF`: an nclx box whose code points libheif does not know.
    /// libheif hands over the profile it allocated together with its error, which the shim
    /// once dropped (52 bytes a file, seen by LeakSanitizer in `scripts/check-sanitizers`);
    /// the probe reads no colour description from it.
    @Test("An nclx box libheif refuses gives no colour description")
    func refusedNCLX() throws {
        let info = try HeaderProbeTests.probe("fuzz-nclx-leak.avif", as: AVIFFormat.self)
        #expect(info.color == nil)
    }

    /// plain.heic with every `ispe` box claiming `width` × `height`.
    static func claiming(width: UInt32, height: UInt32) throws -> [UInt8] {
        var bytes = try Fixture.bytes("plain.heic")
        let ispe = Array("ispe".utf8)
        for at in 0..<bytes.count - 16 where Array(bytes[at..<at + 4]) == ispe {
            // After the type: version and flags (4 bytes), then width and height, big-endian.
            bytes.replaceSubrange(at + 8..<at + 16, with: withUnsafeBytes(of: (width.bigEndian, height.bigEndian)) { Array($0) })
        }
        return bytes
    }

    /// plain.heic crops its coded 64×48 with a clean aperture (clap), so the upright size
    /// stays 64×48 whatever ispe claims: the coded size must be checked as well.
    @Test("A coded size (ispe) of 100000×100000 is refused before decoding")
    func huge() throws {
        let bytes = try Self.claiming(width: 100000, height: 100000)
        let tooMany = ImageError(path: "huge", reason: .tooManyPixels(width: 100000, height: 100000, limit: 1 << 28))
        #expect(throws: tooMany) { try HEICFormat.probe(MemoryBytes(bytes), path: "huge", limits: .default) }
        #expect(throws: tooMany) { try Self.decode(bytes, name: "huge") }
    }

    @Test("A size within libheif's limits but over ours is refused by ours")
    func overLimit() throws {
        let limits = DecodeLimits(maxPixels: 1000)
        let error = #expect(throws: ImageError.self) {
            try HEICFormat.probe(MemoryBytes(Fixture.bytes("plain.heic")), path: "small", limits: limits)
        }
        #expect(error?.reason == .tooManyPixels(width: 64, height: 48, limit: 1000))
    }

    @Test("Data that is not HEIF, and empty data, name the problem")
    func notHEIF() {
        #expect(throws: ImageError(path: "x", reason: .emptyFile)) { try Self.decode([], name: "x") }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        let error = #expect(throws: ImageError.self) { try HEICFormat.probe(MemoryBytes(png), path: "x", limits: .default) }
        switch error?.reason {
        case .signatureMismatch(expected: "HEIC", _)?: break
        default: Issue.record("expected a signature mismatch, got \(String(describing: error))")
        }
    }

    @Test("A missing file names the path and the reason")
    func missing() {
        #expect(throws: ImageError(path: "/no/such.heic", reason: .cannotOpen(errno: ENOENT))) {
            try HEICFormat.openRows(path: "/no/such.heic", info: ImageInfo(format: "HEIC", width: 1, height: 1, hasAlpha: false),
                                    minimumSize: nil, limits: .default)
        }
    }
}
