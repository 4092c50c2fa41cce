import Layout
import Pinboard
import Raster
import Testing
import TestSupport

@Suite("Spanning tiles on the sheet")
struct SpanSheetTests {
    @Test("A wide tile spans its lanes exactly, every pixel its colour, the gutters the background",
          arguments: [false, true])
    func spanning(all: Bool) throws {
        var options = SheetOptions(breadth: 240, lanes: 3, padding: 4)
        options.layout = .masonry(MasonrySettings(spanWide: try Ratio(numerator: 2, denominator: 1), spanAll: all))
        let plan = try SheetPlanner.plan(inputs: SolidFixture.opaque.map { Fixture.path("solid/" + $0.name) }, options: options)
        let sheet = try SheetComposer.compose(plan)
        let blue = try #require(sheet.manifest.items.first { $0.source.hasSuffix("blue-64x16.png") })
        #expect(blue.laneCount == (all ? 3 : 2))
        // Lanes are 80 px: a two-lane tile is 160 − 8 = 152 px wide, an all-lane one 232.
        #expect(blue.width == (all ? 232 : 152))
        let color = try #require(SolidFixture.opaque.first { $0.name == "blue-64x16.png" }).color
        var expectation = SheetExpectation(width: sheet.width, height: sheet.height, background: .white)
        for item in sheet.manifest.items {
            let fill = try #require(SolidFixture.opaque.first { item.source.hasSuffix($0.name) }).color
            expectation.expect(item.rect, named: item.source, toBe: fill)
        }
        let wrong = expectation.mismatches { sheet.color(x: $0, y: $1) }
        #expect(wrong.isEmpty, "\(wrong.prefix(3))")
        #expect(sheet.color(x: blue.x + blue.width / 2, y: blue.y) == color)
    }
}
