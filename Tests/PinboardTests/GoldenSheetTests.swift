import Foundation
import Geometry
import Layout
import PNGCodec
import Pinboard
import Raster
import SheetManifest
import TestSupport
import Testing

/// PngSuite's basic images on one sheet, compared with a sheet pinboard made earlier.
///
/// `Fixtures/golden/pngsuite-sheet.png` is a regression golden, not an independent truth:
/// `scripts/make-golden-sheet.sh` made it with the built binary and the options below, and
/// it was checked by eye. A failure means the pixels of sheets changed; if that was meant,
/// regenerate the golden with the script, look at it, and say why in the commit.
@Suite("PngSuite golden sheet")
struct GoldenSheetTests {
    /// The options `scripts/make-golden-sheet.sh` passes to `pinboard`.
    static var options: SheetOptions {
        var options = SheetOptions(
            breadth: 200, lanes: 4, padding: 3, margin: 5, background: Color(red: 0x3a, green: 0x5f, blue: 0x7f),
            filter: .lanczos3)
        options.compression = 9
        options.strict = true
        options.jobs = 2
        return options
    }

    /// Every colour type and bit depth, non-interlaced, in the order the script's glob gives.
    static func inputs() throws -> [String] { try Fixture.pngSuite(prefix: "basn") }

    @Test("The sheet composed in memory is the golden, pixel for pixel")
    func pixels() throws {
        try #require(try Self.inputs().count == 15, "expected PngSuite's 15 basn*.png files")
        let sheet = try SheetComposer.compose(inputs: Self.inputs(), options: Self.options)
        let golden = try PNGDecoder.decode(path: Fixture.path("golden/pngsuite-sheet.png"))
        #expect(sheet.format == .rgb)
        try #require(sheet.width == golden.width && sheet.height == golden.height,
                     "sheet is \(sheet.width)×\(sheet.height), golden \(golden.width)×\(golden.height)")
        let difference = sheet.difference(from: golden.pixels)
        #expect(difference == nil, "\(difference ?? "")")
    }

    @Test("The manifest is the golden's, the sources named as the script named them")
    func manifest() throws {
        let sheet = try SheetComposer.compose(inputs: Self.inputs(), options: Self.options)
        var manifest = sheet.manifest
        for index in manifest.items.indices {
            let name = URL(fileURLWithPath: manifest.items[index].source).lastPathComponent
            manifest.items[index].source = "Fixtures/pngsuite/" + name
        }
        let golden = try String(contentsOfFile: Fixture.path("golden/pngsuite-sheet.json"), encoding: .utf8)
        // The library versions are this machine's; everything else must match to the byte.
        manifest.libraries = try JSONDecoder().decode(Manifest.self, from: Data(golden.utf8)).libraries
        #expect(manifest.jsonText() + "\n" == golden)
    }

    @Test("The golden PNG carries the golden manifest, byte for byte")
    func embedded() throws {
        let golden = try String(contentsOfFile: Fixture.path("golden/pngsuite-sheet.json"), encoding: .utf8)
        #expect(try EmbeddedManifest.text(ofSheet: Fixture.path("golden/pngsuite-sheet.png")) + "\n" == golden)
    }
}
