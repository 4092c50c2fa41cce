// README's "From Swift" example, compiled here so the API it shows cannot drift:
// ReadmeExampleTests checks that README's block is exactly the lines between each
// "README begins" and "README ends" below, the suite's indentation removed, joined by
// a blank line. Only README's own imports are in this file.
// README begins
import Pinboard
import PinboardCompare
import Testing
// README ends

/// Compiled, not run: the example reads the `Screenshots/` and `Golden/` folders of the
/// user's project. `ReadmeExampleTests.pixelTestExample` runs the same calls on fixtures.
@Suite(.disabled("README's example, compiled only: it reads a user's Screenshots/ and Golden/"))
struct ReadmePixelTest {
    // README begins
    @Test func screensLookAsBefore() throws {
        var options = SheetOptions()
        options.laneBreadth = 320
        let sheet = try SheetComposer.compose(inputs: ["Screenshots/"], options: options)  // in memory
        let tile = sheet.manifest.items[0]             // where the first screenshot went
        _ = sheet.color(x: tile.x, y: tile.y)          // its top-left pixel on the sheet
        let golden = try EmbeddedManifest.read(sheet: "Golden/sheet.png")  // a sheet file's manifest
        #expect(golden?.items.count == sheet.manifest.items.count)

        let report = try SheetComparer.compare(
            .file("Golden/sheet.png"), .composed(sheet), threshold: 2, diffSheet: .memory)
        #expect(report.changes.isEmpty, "changed: \(report.changes.map(\.name))")
        #expect(report.onlyInA.isEmpty && report.onlyInB.isEmpty)
        if report.hasDifferences, let diff = report.diffSheet {
            Attachment.record(try diff.pngData(), named: "diff.png")   // Swift 6.2 attachments
        }
    }
    // README ends
}
