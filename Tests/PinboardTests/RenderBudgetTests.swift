import Foundation
import Geometry
import Layout
import Pinboard
import Testing
import TestSupport

/// A plan no one means, or one that needs more memory than allowed, is refused from the plan
/// alone, before a pixel is decoded; the estimate follows what rendering holds.
@Suite("Render budget")
struct RenderBudgetTests {
    static let sources = SolidFixture.opaque.map(\.path)

    static func plan(_ change: (inout SheetOptions) -> Void) throws -> SheetPlan {
        var options = SheetOptions(breadth: 300, lanes: 3, padding: 0, jobs: 2)
        change(&options)
        return try SheetPlanner.plan(paths: Self.sources, options: options)
    }

    @Test func anOrdinarySheetPasses() throws {
        let plan = try Self.plan { _ in }
        #expect(throws: Never.self) { try RenderBudget.check(plan) }
        let budget = RenderBudget(plan)
        // Six tiles of at most 100 px wide: every one may be held at once.
        let tileBytes = plan.tiles.map { 8 * $0.rect.width * $0.rect.height }.reduce(0, +)
        #expect(budget.tileBytes == tileBytes)
        #expect(budget.bytes > 3 * 300 * 4 * 64)
    }

    @Test func aMistypedWidthIsTooManyPixels() throws {
        let plan = try Self.plan { $0.breadth = 3_000_000; $0.maxEnlargement = 1_000_000 }
        #expect(throws: PinboardError.tooManySheetPixels(width: plan.sheet.width, height: plan.sheet.height, limit: RenderBudget.defaultMaxSheetPixels)) {
            try RenderBudget.check(plan)
        }
    }

    @Test func aTileEnlargedPastTheLimitIsRefusedNamingItsSource() throws {
        // purple-7x9 in a 1,000 px column: 143 times its width.
        let plan = try Self.plan { $0.breadth = 3000 }
        let error = #expect(throws: PinboardError.self) { try RenderBudget.check(plan) }
        guard case .enlargedTooFar(let source, let size, let tile, let limit)? = error else {
            Issue.record("expected enlargedTooFar, got \(String(describing: error))")
            return
        }
        #expect(source.hasSuffix("purple-7x9.png") && size == Size(width: 7, height: 9) && tile.width == 1000 && limit == 100)
        let raised = try Self.plan { $0.breadth = 3000; $0.maxEnlargement = 200 }
        #expect(throws: Never.self) { try RenderBudget.check(raised) }
    }

    @Test func tooMuchMemoryIsRefusedWithTheLargestTile() throws {
        let plan = try Self.plan { $0.breadth = 2400; $0.maxMemory = 64 << 20; $0.maxEnlargement = 200 }
        let error = #expect(throws: PinboardError.self) { try RenderBudget.check(plan) }
        guard case .tooMuchMemory(let budget, let limit, _)? = error else {
            Issue.record("expected tooMuchMemory, got \(String(describing: error))")
            return
        }
        #expect(limit == 64 << 20 && budget.bytes > limit && budget.largestTile.width == 800)
        #expect(error.map { "\($0)".contains("largest tile is 800×") } == true)
    }

    @Test("The composer refuses before it creates anything")
    func composerRefuses() throws {
        let folder = try TemporaryFolder()
        let plan = try Self.plan { $0.breadth = 3000 }
        #expect(throws: PinboardError.self) { try SheetComposer.write(plan, to: folder.path + "/x.png") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// One 100 px column, no padding: tiles 75, 333, 25, 100, 67 and 129 px high at y = 0,
    /// 75, 408, 433, 533 and 600; grown by a band (64 rows) each way, the second, third,
    /// fourth and fifth all cover y = 469.
    @Test("The most tiles in one band: a band's height around each tile")
    func mostTilesInOneBand() throws {
        let plan = try Self.plan { $0.lanes = 1; $0.breadth = 100 }
        #expect(plan.tiles.map(\.rect.y) == [0, 75, 408, 433, 533, 600])
        #expect(RenderBudget.mostTilesInOneBand(plan) == 4)
    }
}
