import Foundation
import TestSupport
import Testing

/// `pinboard diff A B --update`: B's files accepted as A's goldens, byte for byte where
/// updated and untouched elsewhere, and the exit status saying whether failures remain.
@Suite("pinboard diff --update")
struct UpdateGoldensCommandTests {
    let folder: TemporaryFolder
    var a: String { folder.path + "/a" }
    var b: String { folder.path + "/b" }

    /// a and b, each with same.png (equal), changed.png (one pixel apart) and
    /// sub/deep.png (one pixel apart); gone.png only in a; new.png and fresh/new.png only in b.
    init() throws {
        folder = try TemporaryFolder()
        try folder.folders("a/sub", "b/sub")
        let white = DiffOptionsCommandTests.white(8, 6)
        let red = DiffOptionsCommandTests.red(white, width: 8, at: [(2, 3)])
        for (name, pixels) in [("a/same.png", white), ("b/same.png", white), ("a/changed.png", white), ("b/changed.png", red),
                               ("a/sub/deep.png", red), ("b/sub/deep.png", white), ("a/gone.png", white),
                               ("b/new.png", red)] {
            try RGBAPNG.write(pixels, width: 8, to: folder.path + "/" + name)
        }
        try folder.folders("b/fresh")
        try RGBAPNG.write(DiffOptionsCommandTests.red(white, width: 8, at: [(0, 0)]), width: 8, to: b + "/fresh/new.png")
    }

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    /// Every file below `root`, by its path below it, with its bytes.
    func files(_ root: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let name = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isFolder), !isFolder.boolValue {
                files[name] = bytes(root + "/" + name)
            }
        }
        return files
    }

    @Test("Each mode writes exactly its files, B's bytes, and exits 1 while failures remain", arguments: [
        (["--update"], ["changed.png", "sub/deep.png", "new.png", "fresh/new.png"], [String]()),
        (["--update=changed"], ["changed.png", "sub/deep.png"], []),
        (["--update=missing"], ["new.png", "fresh/new.png"], []),
        (["--update=all", "--prune"], ["changed.png", "sub/deep.png", "new.png", "fresh/new.png"], ["gone.png"]),
        (["--update=changed,missing"], ["changed.png", "sub/deep.png", "new.png", "fresh/new.png"], []),
        (["--prune"], [], ["gone.png"]),
    ])
    func modes(arguments: [String], written: [String], removed: [String]) throws {
        let before = try files(a)
        let filesB = try files(b)
        let run = try ToolRun.pinboard(["diff"] + arguments + [a, b])
        let after = try files(a)
        for name in Set(before.keys).union(after.keys).union(written) {
            if written.contains(name) {
                #expect(after[name] == filesB[name], "\(name) holds B's bytes")
            } else if removed.contains(name) {
                #expect(after[name] == nil, "\(name) removed")
            } else {
                #expect(after[name] == before[name], "\(name) untouched")
            }
        }
        for name in written + removed {
            #expect(run.stdout.contains("updated   \(name)"), "\(name) listed: \(run.stdout)")
        }
        let complete = Set(written).count == 4 && removed == ["gone.png"]
        #expect(run.status == (complete ? 0 : 1), "\(run.stdout)")
        let again = try ToolRun.pinboard(["diff", a, b])
        #expect(again.status == (complete ? 0 : 1))
        #expect(try files(folder.path).keys.allSatisfy { !$0.hasSuffix(".tmp") }, "no temporary file left")
    }

    @Test("--only restricts the comparison and the update to the names it matches")
    func only() throws {
        let before = try files(a)
        let run = try ToolRun.pinboard(["diff", "--update", "--only", "sub/*", "--only", "fresh/*", a, b])
        #expect(run.status == 0, "\(run.stdout)")
        let after = try files(a)
        #expect(after["sub/deep.png"] == bytes(b + "/sub/deep.png"))
        #expect(after["fresh/new.png"] == bytes(b + "/fresh/new.png"))
        #expect(after["changed.png"] == before["changed.png"])
        #expect(after["new.png"] == nil)
        #expect(after["gone.png"] == before["gone.png"])
        #expect(try ToolRun.pinboard(["diff", "--only", "sub/*", "--only", "fresh/*", a, b]).status == 0)
        #expect(try ToolRun.pinboard(["diff", a, b]).status == 1)
    }

    @Test("A sheet (or plain image) is replaced whole, and a second diff exits 0")
    func sheet() throws {
        let sheetA = a + "/changed.png"
        let sheetB = b + "/changed.png"
        let run = try ToolRun.pinboard(["diff", "--update", sheetA, sheetB])
        #expect(run.status == 0)
        #expect(run.stdout.contains("updated   \(sheetA)  rewritten from B"))
        #expect(bytes(sheetA) == bytes(sheetB))
        #expect(try ToolRun.pinboard(["diff", sheetA, sheetB]).status == 0)
        let same = try ToolRun.pinboard(["diff", "--update", a + "/same.png", b + "/same.png"])
        #expect(same.status == 0)
        #expect(same.stdout.contains("updated 0 goldens"))
    }

    @Test("A mode that is not one is a usage error naming it, exit 2")
    func badMode() throws {
        let run = try ToolRun.pinboard(["diff", "--update=chnged", a, b])
        #expect(run.status == 2)
        #expect(run.stderr.contains("chnged"))
        #expect(try files(a)["changed.png"] != bytes(b + "/changed.png"))
    }
}
