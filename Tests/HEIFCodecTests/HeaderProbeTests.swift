import ImageInput
import Testing
@testable import HEIFCodec
import TestSupport

/// What the probe learns from the boxes, without decoding.
@Suite("Header probe")
struct HeaderProbeTests {
    static func probe(_ name: String, as format: any ImageFormat.Type = HEICFormat.self) throws -> ImageInfo {
        try format.probe(MemoryBytes(Fixture.bytes(name)), path: name, limits: .default)
    }

    @Test("Size is upright, orientation identity, alpha and the profile as stored")
    func fields() throws {
        let plain = try Self.probe("plain.heic")
        #expect(plain.format == "HEIC" && plain.width == 64 && plain.height == 48 && plain.orientation == .identity)
        #expect(!plain.hasAlpha)
        let profile = try #require(plain.iccProfile)
        #expect(profile.count > 128 && Array(profile[36..<40]) == Array("acsp".utf8))
        #expect(try Self.probe("alpha.heic").hasAlpha)
        #expect(try Self.probe("alpha.heic").iccProfile == nil)
        // Coded 48×64 with irot: the probe reports the upright size.
        let rotated = try Self.probe("rotated.heic")
        #expect(rotated.width == 64 && rotated.height == 48 && rotated.orientation == .identity)
        let avif = try Self.probe("plain.avif", as: AVIFFormat.self)
        #expect(avif.format == "AVIF" && avif.width == 64 && avif.height == 48)
    }

    @Test("An nclx box is handed over as its code points; an ICC profile wins over it")
    func nclx() throws {
        #expect(try Self.probe("plain.avif", as: AVIFFormat.self).color
            == .nclx(NCLXColor(primaries: 1, transfer: 13, matrix: 6, fullRange: true)))
        let p3 = ColorDescription.nclx(NCLXColor(primaries: 12, transfer: 13, matrix: 6, fullRange: true))
        #expect(try HEICFormat.probe(FileBytes.open(path: TestSupport.Fixture.path("nclx/p3.heic")), path: "p3.heic",
                                     limits: .default).color == p3)
        #expect(try AVIFFormat.probe(FileBytes.open(path: TestSupport.Fixture.path("nclx/p3.avif")), path: "p3.avif",
                                     limits: .default).color == p3)
        #expect(try Self.probe("alpha.heic").color == nil)
        guard case .icc = try Self.probe("plain.heic").color else {
            Issue.record("plain.heic's profile not handed over as ICC")
            return
        }
    }

    /// An ftyp box: size, "ftyp", the major brand, minor version 0, then compatible brands.
    static func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
        let size = 16 + 4 * compatible.count
        return [0, 0, 0, UInt8(size)] + Array("ftyp".utf8) + Array(major.utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) }
    }

    @Test("Brands decide between HEIC and AVIF; mif1 defers to the compatible brands")
    func brands() {
        #expect(HEICFormat.matches(Self.ftyp("heic", ["mif1", "heic"])) && !AVIFFormat.matches(Self.ftyp("heic", ["mif1"])))
        #expect(AVIFFormat.matches(Self.ftyp("avif", ["mif1"])) && !HEICFormat.matches(Self.ftyp("avif", [])))
        #expect(AVIFFormat.matches(Self.ftyp("mif1", ["miaf", "avif"])))
        #expect(HEICFormat.matches(Self.ftyp("mif1", ["heic", "miaf"])))
        #expect(HEICFormat.matches(Self.ftyp("msf1", ["hevc"])))
        #expect(!HEICFormat.matches(Self.ftyp("isom", ["mp41"])) && !AVIFFormat.matches(Self.ftyp("mp42", ["avif"])))
        #expect(!HEICFormat.matches(Array("ftypheic".utf8)))
    }

    @Test("A file of the other family is refused by its signature")
    func otherFamily() throws {
        let error = #expect(throws: ImageError.self) { try Self.probe("plain.avif", as: HEICFormat.self) }
        #expect(error?.reason == .signatureMismatch(expected: "HEIC", signature: "no ftyp box with brand heic, heix, heim, heis, hevc, hevx or mif1"))
    }

    @Test("The probe reads the boxes, not the image data")
    func readsLittle() throws {
        // 4 MiB of padding after the file stands for a big photo's image data.
        let bytes = try Fixture.bytes("plain.heic") + [UInt8](repeating: 0, count: 4 << 20)
        let source = CountingBytes(bytes)
        let info = try HEICFormat.probe(source, path: "padded", limits: .default)
        #expect(info.width == 64 && info.height == 48)
        // One 64 KiB window for the boxes, and single bytes to check extents lie inside the file.
        #expect(source.bytesRead <= 64 * 1024 + 64, "\(source.bytesRead) of \(bytes.count) bytes read")
    }
}
