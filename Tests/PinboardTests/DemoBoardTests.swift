import Layout
import Pinboard
import Raster
import Testing

@Suite("Demo board")
struct DemoBoardTests {
    @Test("Twenty blocks in two lanes, heights 30–199, channels 5–204, each drawn exactly its colour", arguments: [1, 2, 99])
    func blocks(seed: UInt64) throws {
        let plan = try DemoBoard.plan(seed: seed)
        #expect(plan.sources.count == 20 && plan.layout.configuration.lanes == 2)
        #expect(plan.layout.sheet.width == 400)
        let sheet = try SheetComposer.compose(plan)
        for (source, tile) in zip(plan.sources, plan.layout.tiles) {
            guard case .block(let color, let size) = source.format else {
                Issue.record("\(source.path) is not a block")
                continue
            }
            #expect(DemoBoard.heights.contains(tile.rect.height) && tile.rect.height == size.height)
            #expect([color.red, color.green, color.blue].allSatisfy(DemoBoard.channels.contains))
            for y in tile.rect.y..<tile.rect.maxY {
                for x in tile.rect.x..<tile.rect.maxX where sheet.color(x: x, y: y) != color {
                    Issue.record("\(source.path): pixel (\(x), \(y)) is \(sheet.color(x: x, y: y))")
                    return
                }
            }
        }
    }

    @Test("The same seed draws the same board; another seed another")
    func seeds() throws {
        #expect(try DemoBoard.plan(seed: 7).manifest == DemoBoard.plan(seed: 7).manifest)
        #expect(try DemoBoard.plan(seed: 7).manifest != DemoBoard.plan(seed: 8).manifest)
    }
}
