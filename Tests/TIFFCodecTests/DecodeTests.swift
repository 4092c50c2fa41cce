import ImageInput
import Testing
@testable import TIFFCodec
import TestSupport

/// Decodes compared with Pillow's (or, for files written by hand, with the samples written).
@Suite("Decoding against references")
struct DecodeTests {
    /// Lossless files: libtiff and Pillow agree exactly, except where their arithmetic
    /// differs: CMYK to RGB (libtiff truncates, Pillow rounds) and 16 bits to 8.
    static let lossless: [(name: String, tolerance: Int)] = [
        ("rgb-strips", 0), ("grey", 0), ("palette", 0), ("multipage", 0), ("tiled", 0), ("cmyk", 1), ("rgb16", 1),
    ]

    @Test("Each kind of TIFF decodes to the reference", arguments: lossless)
    func kinds(name: String, tolerance: Int) throws {
        let image = try TIFFRowReader(path: Fixture.path(name + ".tif")).readImage()
        let golden = try Fixture.golden(name)
        #expect(image.width == golden.width && image.height == golden.height)
        #expect(PixelComparison.worstDifference(image, golden) <= tolerance)
    }

    @Test("JPEG-in-TIFF decodes like Pillow's (its own libtiff and libjpeg), within rounding")
    func jpeg() throws {
        let image = try TIFFRowReader(path: Fixture.path("jpeg.tif")).readImage()
        #expect(PixelComparison.worstDifference(image, try Fixture.golden("jpeg")) <= 2)
    }

    @Test("Bands that cut across strips and tiles give the same rows as one read, 16-bit CMYK and Lab included",
          arguments: ["rgb-strips", "tiled", "rgb16", "grey", "jpeg", "cmyk16", "lab16-tiled"], [1, 7, 48])
    func bands(name: String, band: Int) throws {
        let whole = try TIFFRowReader(path: Fixture.path(name + ".tif")).readImage()
        let banded = try Fixture.streamDecode(TIFFRowReader(path: Fixture.path(name + ".tif")), band: band)
        #expect(banded == whole)
    }

    @Test("Unassociated alpha comes out straight: alpha exact, colour within what premultiplying loses")
    func alpha() throws {
        let image = try TIFFRowReader(path: Fixture.path("rgba.tif")).readImage()
        let golden = try Fixture.golden("rgba")
        var worstExcess = 0
        for pixel in 0..<golden.width * golden.height {
            let alpha = Int(golden.pixels[pixel * 4 + 3])
            #expect(image.pixels[pixel * 4 + 3] == golden.pixels[pixel * 4 + 3])
            guard alpha > 0 else { continue }
            // libtiff premultiplies to 8 bits, the shim divides back: up to 127.5 / alpha lost.
            let tolerance = 1 + 128 / alpha
            for channel in 0..<3 {
                let difference = abs(Int(image.pixels[pixel * 4 + channel]) - Int(golden.pixels[pixel * 4 + channel]))
                worstExcess = max(worstExcess, difference - tolerance)
            }
        }
        #expect(worstExcess <= 0)
    }

    @Test("Rows come as stored; orientation 6 turns them into Pillow's upright picture")
    func orientation() throws {
        let reader = try TIFFRowReader(path: Fixture.path("orientation-6.tif"))
        #expect(reader.orientation == .rotate90Clockwise)
        #expect(reader.outputWidth == 48 && reader.outputHeight == 64)
        let upright = reader.orientation.apply(to: try reader.readImage())
        #expect(upright == (try Fixture.golden("orientation-6")))
        #expect(upright == (try Fixture.golden("upright")))
    }

    /// libtiff's RGBA reader refuses 16-bit CMYK and converts Lab without adapting white;
    /// the shim decodes both itself. CMYK: Pillow keeps each sample's high byte, the shim
    /// rounds 16-bit arithmetic once. Lab: the shim gives Little CMS the exact L*a*b* values.
    @Test("16-bit CMYK and CIELab decode to the reference", arguments: [("cmyk16", 2), ("lab", 1), ("lab16-tiled", 1), ("lab-wide", 1)])
    func ownConversions(name: String, tolerance: Int) throws {
        let image = try TIFFRowReader(path: Fixture.path(name + ".tif")).readImage()
        let golden = try Fixture.golden(name)
        #expect(image.width == golden.width && image.height == golden.height)
        #expect(PixelComparison.worstDifference(image, golden) <= tolerance)
    }

    @Test("CIELab white (L* 100, a* = b* = 0) is sRGB white, not libtiff's cream", arguments: ["lab", "lab16-tiled"])
    func labWhite(name: String) throws {
        let image = try TIFFRowReader(path: Fixture.path(name + ".tif")).readImage()
        #expect(Array(image.pixels[0..<4]) == [255, 255, 255, 255])
    }

    @Test("A file in memory decodes like the file on disk")
    func memory() throws {
        let fromMemory = try TIFFRowReader(bytes: Fixture.bytes("rgb-strips.tif"), name: "mem").readImage()
        #expect(fromMemory == (try TIFFRowReader(path: Fixture.path("rgb-strips.tif")).readImage()))
    }

    @Test("The registry's openRows finds the TIFF and keeps its orientation")
    func registry() throws {
        let registry = ImageRegistry([TIFFFormat.self])
        let path = Fixture.path("orientation-6.tif")
        let info = try registry.probe(path: path, limits: .default)
        let reader = try registry.openRows(path: path, info: info, minimumSize: (10, 10), limits: .default)
        #expect(reader.orientation == .rotate90Clockwise && reader.outputWidth == 48)
    }
}
