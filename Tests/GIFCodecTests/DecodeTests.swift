import ImageInput
import Testing
@testable import GIFCodec

/// Decodes compared with Pillow's own GIF decoder, made once by `scripts/make-webp-gif-fixtures.py`.
@Suite("Decode")
struct DecodeTests {
    /// Palette lookups leave no room for rounding: every sample must match.
    @Test("First frames match Pillow's decode exactly", arguments: [
        "global.gif", "local.gif", "interlaced.gif", "transparent.gif", "offset.gif", "overhang.gif", "animated.gif",
        "second-header.gif", "lzw-9.gif", "lzw-11.gif", "lzw-11-interlaced.gif", "one-pixel.gif",
    ])
    func matchesGolden(name: String) throws {
        let entry = try #require(Fixture.goldenIndex()[name])
        let reader = try GIFRowReader(path: Fixture.path(name))
        #expect(reader.outputWidth == entry.width && reader.outputHeight == entry.height)
        let image = try Fixture.streamDecode(reader).pixels
        let golden = try Fixture.golden(name).pixels
        try #require(image.count == golden.count)
        let differing = stride(from: 0, to: image.count, by: 4).filter { image[$0..<$0 + 4] != golden[$0..<$0 + 4] }
        #expect(differing.isEmpty, "\(differing.count) pixels differ, the first at index \(differing.first.map { $0 / 4 } ?? 0)")
    }

    @Test("An interlaced frame decodes to the same pixels as the plain one")
    func interlacedEqualsPlain() throws {
        let plain = try GIFRowReader(path: Fixture.path("global.gif")).readImage()
        let interlacedReader = try GIFRowReader(path: Fixture.path("interlaced.gif"))
        #expect(interlacedReader.isInterlaced)
        #expect(try interlacedReader.readImage() == plain)
    }

    @Test("The local palette wins over the global one")
    func localPalette() throws {
        let reader = try GIFRowReader(path: Fixture.path("local.gif"))
        #expect(reader.hasLocalPalette)
        #expect(try reader.readImage() == (try GIFRowReader(path: Fixture.path("global.gif")).readImage()))
    }

    @Test("Around a frame placed inside its screen, the canvas is transparent")
    func offsetFrame() throws {
        let reader = try GIFRowReader(path: Fixture.path("offset.gif"))
        #expect(reader.storedWidth == 72 && reader.storedHeight == 56)
        #expect(reader.frameLeft == 5 && reader.frameTop == 3 && reader.frameWidth == 64 && reader.frameHeight == 48)
        let image = try reader.readImage()
        func alpha(_ x: Int, _ y: Int) -> UInt8 { image.pixels[(y * image.width + x) * 4 + 3] }
        #expect(alpha(4, 3) == 0 && alpha(5, 2) == 0 && alpha(69, 50) == 0 && alpha(68, 51) == 0)
        #expect(alpha(5, 3) == 255 && alpha(68, 50) == 255)
    }

    @Test("Rows read in bands equal the whole image read at once", arguments: ["global.gif", "interlaced.gif", "offset.gif", "lzw-11.gif"])
    func bands(name: String) throws {
        let whole = try GIFRowReader(path: Fixture.path(name)).readImage()
        for band in [1, 5, 56] {
            #expect(try Fixture.streamDecode(GIFRowReader(path: Fixture.path(name)), band: min(band, whole.height)) == whole)
        }
    }

    @Test("Bytes in memory decode as the file does", arguments: ["transparent.gif", "interlaced.gif"])
    func memory(name: String) throws {
        let fromFile = try GIFRowReader(path: Fixture.path(name)).readImage()
        #expect(try GIFRowReader(bytes: Fixture.bytes(name)).readImage() == fromFile)
    }

    @Test("A frame with neither palette shows its indices as greys, as Pillow does")
    func noPalette() throws {
        var bytes = try Fixture.bytes("global.gif")
        // Drop the global palette: clear its flag and cut its bytes out.
        let tableSize = 3 << (Int(bytes[10] & 7) + 1)
        bytes[10] &= 0x7F
        bytes.removeSubrange(13..<13 + tableSize)
        let image = try GIFRowReader(bytes: bytes).readImage()
        let pixels = image.pixels
        let grey = stride(from: 0, to: pixels.count, by: 4).allSatisfy { (i: Int) -> Bool in
            pixels[i] == pixels[i + 1] && pixels[i] == pixels[i + 2] && pixels[i + 3] == 255
        }
        #expect(grey)
    }
}
