import Layout
import Pinboard
import Raster
import Testing
import TestSupport

@Suite("Rounded corners on the sheet")
struct CornerRadiusTests {
    @Test("Corners show the background, centres the tile, the arc a blend", arguments: [Color.white, Color.transparent])
    func corners(background: Color) throws {
        var options = SheetOptions(breadth: 52, lanes: 1, padding: 1, background: background)
        options.cornerRadius = 8
        let red = Color(red: 220, green: 30, blue: 40)
        let sheet = try SheetComposer.compose(inputs: [Fixture.path("solid/red-40x30.png")], options: options)
        let rect = try #require(sheet.manifest.items.first)
        // The corner pixel lies wholly outside a radius-8 arc (its inner corner is 9.9 px
        // from the arc's centre); the middle wholly inside; the pixel on the 45° line is cut.
        for (x, y) in [(rect.x, rect.y), (rect.x + rect.width - 1, rect.y), (rect.x, rect.y + rect.height - 1),
                       (rect.x + rect.width - 1, rect.y + rect.height - 1)] {
            #expect(sheet.color(x: x, y: y) == background, "corner (\(x), \(y))")
        }
        #expect(sheet.color(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2) == red)
        #expect(sheet.color(x: rect.x + 8, y: rect.y) == red, "the straight edge past the arc is the tile")
        let cut = sheet.color(x: rect.x + 2, y: rect.y + 2)
        #expect(cut != red && cut != background, "pixel on the arc is \(cut)")
    }
}
