import Foundation
import PNGCodec
import Pinboard
import PinboardCompare
import Testing
import TestSupport

/// The README's Swift example, run as written (with the sample images), so it stays true.
@Suite("README example")
struct ReadmeExampleTests {
    @Test("Composing from a folder with only `import Pinboard`")
    func readmeExample() throws {
        let folder = try TemporaryFolder()
        let output = folder.path + "/sheet.png"

        var options = SheetOptions()
        options.lanes = 4
        let plan = try SheetPlanner.plan(inputs: [Fixture.path("solid")], options: options)
        let sheet = try SheetComposer.compose(plan)
        let tile = sheet.manifest.items[0]
        let pixel = sheet.color(x: tile.x, y: tile.y)
        _ = try SheetComposer.write(plan, to: output)

        #expect(sheet.manifest.items.count == 9 && sheet.manifest.lanes == 4)
        #expect(pixel.description != options.background.description)
        #expect(FileManager.default.fileExists(atPath: output))
    }

    @Test("The pixel-test example: a golden file against a sheet composed in memory, the diff attached")
    func pixelTestExample() throws {
        let folder = try TemporaryFolder()
        let golden = folder.path + "/sheet.png"

        var options = SheetOptions()
        options.laneBreadth = 320
        _ = try SheetComposer.write(SheetPlanner.plan(inputs: [Fixture.path("solid")], options: options), to: golden)
        let sheet = try SheetComposer.compose(inputs: [Fixture.path("solid")], options: options)

        let report = try SheetComparer.compare(.file(golden), .composed(sheet), threshold: 2, diffSheet: .memory)
        #expect(report.changes.isEmpty, "changed: \(report.changes.map(\.name))")
        #expect(report.onlyInA.isEmpty && report.onlyInB.isEmpty)
        #expect(report.unchanged == 9)
        let diff = try #require(report.diffSheet)
        let png = try diff.pngData()
        Attachment.record(png, named: "diff.png")
        let decoded = try PNGDecoder.decode(bytes: png)
        #expect(decoded.width == sheet.width && decoded.height == sheet.height)
        #expect(try PNGText.read(keyword: EmbeddedManifest.keyword, bytes: png)?.text == sheet.manifest.jsonText())
    }
}
