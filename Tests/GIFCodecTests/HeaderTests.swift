import ImageInput
import Testing
@testable import GIFCodec

/// What the probe learns by walking to the first image descriptor, and what the registry makes of it.
@Suite("Header")
struct HeaderTests {
    static let cases: [(name: String, canvas: [Int], frame: [Int], interlaced: Bool, local: Bool, transparent: Int?, alpha: Bool)] = [
        ("global.gif", [64, 48], [0, 0, 64, 48], false, false, nil, false),
        ("local.gif", [64, 48], [0, 0, 64, 48], false, true, nil, false),
        ("interlaced.gif", [64, 48], [0, 0, 64, 48], true, false, nil, false),
        ("transparent.gif", [64, 48], [0, 0, 64, 48], false, false, 41, true),
        ("offset.gif", [72, 56], [5, 3, 64, 48], false, false, 41, true),
        ("overhang.gif", [64, 48], [0, 0, 64, 48], false, false, nil, false),
        ("animated.gif", [64, 48], [0, 0, 64, 48], false, false, nil, false),
    ]

    @Test("The probe and the reader agree on the canvas, the frame and its transparency", arguments: cases)
    func header(name: String, canvas: [Int], frame: [Int], interlaced: Bool, local: Bool, transparent: Int?, alpha: Bool) throws {
        let header = try GIFHeader.probe(MemoryBytes(Fixture.bytes(name)), path: name)
        #expect([header.width, header.height] == canvas)
        #expect([header.frameLeft, header.frameTop, header.frameWidth, header.frameHeight] == frame)
        #expect(header.isInterlaced == interlaced && header.hasLocalPalette == local)
        #expect(header.transparentIndex == transparent && header.hasAlpha == alpha)
        let reader = try GIFRowReader(path: Fixture.path(name))
        #expect([reader.storedWidth, reader.storedHeight] == canvas)
        #expect([reader.frameLeft, reader.frameTop, reader.frameWidth, reader.frameHeight] == frame)
        #expect(reader.isInterlaced == interlaced && reader.hasLocalPalette == local && reader.transparentIndex == transparent)
    }

    @Test("A screen smaller than its first frame grows to hold it")
    func overhang() throws {
        let header = try GIFHeader.probe(MemoryBytes(Fixture.bytes("overhang.gif")), path: "overhang.gif")
        #expect(header.screenWidth == 32 && header.screenHeight == 16)
        #expect(header.width == 64 && header.height == 48)
    }

    @Test("The registry recognises GIF by content and probes it")
    func registry() throws {
        let registry = ImageRegistry([GIFFormat.self])
        let info = try registry.probe(path: Fixture.path("offset.gif"), limits: .default)
        #expect(info.format == "GIF" && info.width == 72 && info.height == 56 && info.hasAlpha)
        let reader = try registry.openRows(path: Fixture.path("offset.gif"), info: info, minimumSize: (10, 10), limits: .default)
        #expect(reader.outputWidth == 72 && reader.outputHeight == 56)
    }

    @Test("The signature is GIF87a or GIF89a", arguments: [
        ("GIF87a", true), ("GIF89a", true), ("GIF88a", false), ("GIF89", false), ("gif89a", false),
    ])
    func signature(text: String, matches: Bool) {
        #expect(GIFFormat.matches(Array(text.utf8)) == matches)
    }
}
