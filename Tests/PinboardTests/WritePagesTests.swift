import Foundation
import Pinboard
import Testing
import TestSupport

/// The library writes a board as its pages: what `--max-height` asks of the command line,
/// and what `--each` runs once per folder.
@Suite("Writing a board as pages")
struct WritePagesTests {
    /// Six solid tiles in one 100 px column (p = 0): each page at most 150 px high.
    static func options(maxHeight: Int?) -> SheetOptions {
        var options = SheetOptions(breadth: 100, lanes: 1, padding: 0, jobs: 2)
        options.maxHeight = maxHeight
        return options
    }

    @Test func pagesAreNumberedAndEachFits() throws {
        let folder = try TemporaryFolder()
        let plan = try SheetPlanner.plan(paths: SolidFixture.opaque.map(\.path), options: Self.options(maxHeight: 150))
        var written: [WrittenPage] = []
        try SheetComposer.writePages(plan, to: OutputPath(template: folder.path + "/pages/board.png")) { written.append($0) }
        let expected = try SheetPlanner.pages(of: plan)
        #expect(expected.count > 1)
        #expect(written.map(\.number) == expected.indices.map { $0 + 1 })
        #expect(written.map(\.path) == expected.indices.map { folder.path + "/pages/board-\($0 + 1).png" })
        for page in written {
            #expect(FileManager.default.fileExists(atPath: page.path))
            #expect(page.sheet.manifest.height <= 150 || page.plan.sources.count == 1)
        }
        #expect(written.flatMap { $0.plan.sources.map(\.path) } == plan.sources.map(\.path))
    }

    @Test func withoutAPageHeightTheBoardIsOneUnnumberedSheet() throws {
        let folder = try TemporaryFolder()
        let plan = try SheetPlanner.plan(paths: SolidFixture.opaque.map(\.path), options: Self.options(maxHeight: nil))
        var written: [WrittenPage] = []
        try SheetComposer.writePages(plan, to: OutputPath(template: folder.path + "/board.png")) { written.append($0) }
        #expect(written.map(\.number) == [nil])
        #expect(written.map(\.path) == [folder.path + "/board.png"])
    }
}
