@testable import PNGCodec
import TestSupport
import Testing

/// Chunks in an order the PNG specification does not allow but readers accept.
@Suite("Chunk order")
struct ChunkOrderTests {
    /// libavif's `circle-trns-before-plte.png`: an RGB image whose tRNS colour key comes
    /// before its suggested palette. libpng 1.6.39 cancelled the key and the read stopped
    /// with an internal row-size message; Pillow (and libpng 1.6.47) keep it.
    @Test("A colour key before a suggested palette is kept, as Pillow keeps it")
    func colourKeyBeforePalette() throws {
        let image = try PNGDecoder.decode(path: LibavifSamples.path("circle-trns-before-plte.png"))
        let golden = try LibavifSamples.golden("circle-trns-before-plte")
        #expect(image.width == golden.width && image.height == golden.height)
        #expect(image.pixels == golden.pixels)
        #expect(image.pixels[3] == 0, "the green background is transparent")
    }

    @Test("The same picture with its chunks in order reads the same")
    func colourKeyAfterPalette() throws {
        let before = try PNGDecoder.decode(path: LibavifSamples.path("circle-trns-before-plte.png"))
        let after = try PNGDecoder.decode(path: LibavifSamples.path("circle-trns-after-plte.png"))
        #expect(before.pixels == after.pixels)
    }
}
