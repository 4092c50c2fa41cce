@testable import Pinboard
import SheetManifest
import Testing
import TestSupport

/// `--dedupe`: three copies of one file under different names give one tile.
@Suite("Dedupe")
struct DedupeTests {
    @Test("Three copies under different names: the first in the board's order placed, the others skipped naming it")
    func threeCopies() throws {
        let folder = try TemporaryFolder()
        try folder.copy(["dates/c-png.png": "b copy.png", "dates/c-png.png": "a.png", "dates/c-png.png": "sub-c.png",
                         "dates/h-equal.png": "other.png"])
        var options = SheetOptions()
        options.dedupe = true
        let plan = try SheetPlanner.plan(inputs: [folder.path], options: options)
        #expect(plan.sources.map(\.name) == ["a.png", "other.png"])
        let original = folder.path + "/a.png"
        #expect(plan.skipped == [
            Manifest.SkippedSource(source: folder.path + "/b copy.png", reason: .duplicate(of: original)),
            Manifest.SkippedSource(source: folder.path + "/sub-c.png", reason: .duplicate(of: original)),
        ])
        #expect(plan.manifest.skipped.map(\.reason.description) == Array(repeating: "a duplicate of \(original) (the same SHA-256)", count: 2))
        options.reverse = true
        #expect(try SheetPlanner.plan(inputs: [folder.path], options: options).sources.map(\.name) == ["sub-c.png", "other.png"])
    }

    @Test("Without --dedupe every copy is placed")
    func kept() throws {
        let folder = try TemporaryFolder()
        try folder.copy(["dates/c-png.png": "a.png", "dates/c-png.png": "b.png"])
        #expect(try SheetPlanner.plan(inputs: [folder.path], options: SheetOptions()).sources.count == 2)
    }
}
