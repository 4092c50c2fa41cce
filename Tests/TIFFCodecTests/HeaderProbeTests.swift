import ImageInput
import Testing
@testable import TIFFCodec
import TestSupport

/// What the probe learns from the first directory, and what it leaves unread.
@Suite("Header probe")
struct HeaderProbeTests {
    static func probe(_ name: String) throws -> ImageInfo {
        try TIFFFormat.probe(MemoryBytes(Fixture.bytes(name)), path: name, limits: .default)
    }

    @Test("Size, orientation and alpha come from the first directory")
    func fields() throws {
        let strips = try Self.probe("rgb-strips.tif")
        #expect(strips.format == "TIFF" && strips.width == 64 && strips.height == 48)
        #expect(strips.orientation == .identity && !strips.hasAlpha)
        let turned = try Self.probe("orientation-6.tif")
        #expect(turned.width == 48 && turned.height == 64 && turned.orientation == .rotate90Clockwise)
        #expect(turned.uprightWidth == 64 && turned.uprightHeight == 48)
        #expect(try Self.probe("rgba.tif").hasAlpha)
        #expect(try !Self.probe("cmyk.tif").hasAlpha)
    }

    /// The shim converts Lab to sRGB itself; a profile handed on would convert the rows again.
    @Test("A CIELab file's profile is not handed over: its rows come out sRGB")
    func labProfile() throws {
        #expect(try Self.probe("lab.tif").color == nil)
    }

    @Test("The ICC profile's bytes are handed over whole")
    func iccProfile() throws {
        let profile = try #require(try Self.probe("rgb-strips.tif").iccProfile)
        // An ICC header: the profile's own length first, 'acsp' at byte 36.
        let declared = profile.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        #expect(declared == profile.count)
        #expect(Array(profile[36..<40]) == Array("acsp".utf8))
        #expect(try Self.probe("grey.tif").iccProfile == nil)
    }

    @Test("The probe reads the header and directory, not the pixels", arguments: ["tiled.tif", "rgb16.tif"])
    func readsLittle(name: String) throws {
        let bytes = try Fixture.bytes(name)
        let source = CountingBytes(bytes)
        _ = try TIFFFormat.probe(source, path: name, limits: .default)
        #expect(source.bytesRead < 400, "\(source.bytesRead) of \(bytes.count) bytes read")
    }

    @Test("Both byte orders and BigTIFF are recognised; other data is not")
    func signatures() {
        #expect(TIFFFormat.matches([0x49, 0x49, 0x2A, 0x00]) && TIFFFormat.matches([0x4D, 0x4D, 0x00, 0x2A]))
        #expect(TIFFFormat.matches([0x49, 0x49, 0x2B, 0x00]) && TIFFFormat.matches([0x4D, 0x4D, 0x00, 0x2B]))
        #expect(!TIFFFormat.matches([0x89, 0x50, 0x4E, 0x47]) && !TIFFFormat.matches([0x49, 0x49, 0x2A]))
    }
}
