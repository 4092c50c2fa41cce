import Foundation
import ImageInput
import Testing
@testable import JPEGCodec
import TestSupport

/// The probe's gathering of ICC profiles from APP2 segments, against JPEGs Pillow wrote
/// with hand-made profiles (`scripts/make-icc-fixtures.py`, `Fixtures/icc/`) and
/// against chains built here byte by byte.
@Suite("ICC profiles")
struct ICCProfileTests {
    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixture.path("icc/" + name))))
    }

    /// A JPEG start that is all the probe needs: SOI, the given segments, then a 3x2 grey SOF0.
    static func jpeg(_ segments: [[UInt8]]) -> [UInt8] {
        [0xFF, 0xD8] + segments.flatMap { $0 } + [0xFF, 0xC0, 0x00, 0x0B, 8, 0, 2, 0, 3, 1, 1, 0x11, 0]
    }

    /// An APP2 segment: `identifier` (the ICC one unless given), then `body`.
    static func app2(_ body: [UInt8], identifier: [UInt8] = ICCProfileChain.identifier) -> [UInt8] {
        let length = 2 + identifier.count + body.count
        return [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)] + identifier + body
    }

    /// An ICC piece: sequence number, count, then its bytes.
    static func piece(_ sequence: UInt8, of count: UInt8, _ data: String) -> [UInt8] {
        app2([sequence, count] + Array(data.utf8))
    }

    static func profile(of bytes: [UInt8]) throws -> [UInt8]? {
        try JPEGHeader.parse(bytes, path: "chain").iccProfile
    }

    @Test("The probe hands over exactly the profile Pillow embedded, in one APP2 or three", arguments: [
        ("display-p3.jpg", "display-p3.icc"),
        ("adobe-rgb.jpg", "adobe-rgb-1998.icc"),
        ("grey.jpg", "grey-gamma-2.2.icc"),
        ("display-p3-padded.jpg", "display-p3-padded.icc"),
        ("icc-chain-reordered.jpg", "display-p3-padded.icc"),
    ])
    func embedded(image: String, profile: String) throws {
        let expected = try Self.bytes(profile)
        let path = Fixture.path("icc/" + image)
        let file = try FileBytes.open(path: path)
        defer { close(file.fileDescriptor) }
        let info = try JPEGFormat.probe(file, path: path, limits: .default)
        #expect(info.iccProfile == expected)
        #expect((info.width, info.height) == (32, 24))
        #expect(try JPEGHeader.parse(Self.bytes(image), path: image) == JPEGHeader.probe(path: path))
    }

    @Test("No profile without one, with a piece missing, or with the chain after the frame header", arguments: [
        "no-profile.jpg", "icc-chain-missing.jpg", "icc-after-frame.jpg",
    ])
    func none(image: String) throws {
        let path = Fixture.path("icc/" + image)
        #expect(try JPEGHeader.probe(path: path).iccProfile == nil)
        let decoded = try JPEGDecoder.decode(path: path)
        #expect((decoded.width, decoded.height) == (32, 24))
    }

    @Test("The sRGB profile lcms wrote into Fixtures/jpeg/icc.jpg comes back whole")
    func lcmsProfile() throws {
        let header = try JPEGHeader.probe(path: JPEGFixture.path("icc.jpg"))
        #expect(header == JPEGHeader(width: 64, height: 48, components: 3, isProgressive: false, orientation: .identity,
                                     iccProfile: header.iccProfile))
        let profile = try #require(header.iccProfile)
        // An ICC header: the profile's own size first, "acsp" at byte 36, an RGB profile.
        #expect(profile.count > 128)
        #expect(profile.prefix(4).reduce(0) { $0 << 8 | Int($1) } == profile.count)
        #expect(Array(profile[36..<40]) == Array("acsp".utf8))
        #expect(Array(profile[16..<20]) == Array("RGB ".utf8))
    }

    @Test("Pieces join in sequence order, whatever their order in the file, other APP2 segments aside", arguments: [
        [piece(1, of: 2, "ab"), piece(2, of: 2, "cd")],
        [piece(2, of: 2, "cd"), piece(1, of: 2, "ab")],
        [piece(2, of: 2, "cd"), app2(Array("FPXR".utf8), identifier: [0x46, 0x50, 0x58, 0x52, 0]), piece(1, of: 2, "ab")],
        [piece(1, of: 2, "ab"), app2([1], identifier: ICCProfileChain.identifier), piece(2, of: 2, "cd")],
    ])
    func order(segments: [[UInt8]]) throws {
        #expect(try Self.profile(of: Self.jpeg(segments)) == Array("abcd".utf8))
    }

    @Test("A broken chain gives nil, not an error", arguments: [
        ("piece 2 of 3 missing", [piece(1, of: 3, "ab"), piece(3, of: 3, "ef")]),
        ("piece 1 twice", [piece(1, of: 2, "ab"), piece(1, of: 2, "ab"), piece(2, of: 2, "cd")]),
        ("counts disagree", [piece(1, of: 2, "ab"), piece(2, of: 3, "cd")]),
        ("sequence number 0", [piece(0, of: 1, "ab")]),
        ("count 0", [piece(1, of: 0, "ab")]),
        ("sequence number over the count", [piece(1, of: 1, "ab"), piece(2, of: 1, "cd")]),
        ("only empty pieces", [piece(1, of: 2, ""), piece(2, of: 2, "")]),
    ])
    func broken(name: String, segments: [[UInt8]]) throws {
        #expect(try Self.profile(of: Self.jpeg(segments)) == nil, "\(name)")
    }

    @Test("255 pieces, the most a chain can have, stored last first")
    func longestChain() throws {
        let pieces = (1...255).map { UInt8($0) }
        let segments = pieces.reversed().map { Self.app2([$0, 255, $0, $0]) }
        #expect(try Self.profile(of: Self.jpeg(segments)) == pieces.flatMap { [$0, $0] })
    }
}
