import Layout
import Pinboard
import Raster
import Testing
import TestSupport

@Suite("Even bottom on the sheet")
struct EvenBottomSheetTests {
    static func options(evenBottom: Bool) -> SheetOptions {
        var options = SheetOptions(breadth: 150, lanes: 3, padding: 2)
        options.evenBottom = evenBottom
        options.maxCropPercent = 50
        return options
    }

    @Test("Lanes end on one row, and each cropped tile is the centre of the uncropped one")
    func centredCrops() throws {
        let inputs = [Fixture.path("samples")]
        let plain = try SheetComposer.compose(inputs: inputs, options: Self.options(evenBottom: false))
        let plan = try SheetPlanner.plan(inputs: inputs, options: Self.options(evenBottom: true))
        let even = try SheetComposer.compose(plan)
        let levelled = try #require(plan.evenBottom)
        #expect(levelled.spread == 0 && levelled.crops.contains { $0 > 0 })
        let ends = Dictionary(grouping: even.manifest.items, by: \.lane).mapValues { $0.map { $0.y + $0.height }.max() ?? 0 }
        #expect(Set(ends.values).count == 1, "lane ends \(ends)")
        #expect(even.height == (ends.values.first ?? 0) + 2)
        for (before, after) in zip(plain.manifest.items, even.manifest.items) {
            let crop = before.height - after.height
            #expect(crop == levelled.crops[even.manifest.items.firstIndex(of: after) ?? 0])
            for row in 0..<after.height {
                for x in 0..<after.width where even.color(x: after.x + x, y: after.y + row)
                    != plain.color(x: before.x + x, y: before.y + crop / 2 + row) {
                    Issue.record("\(after.source): row \(row), column \(x) is not the centre crop")
                    return
                }
            }
        }
    }
}
