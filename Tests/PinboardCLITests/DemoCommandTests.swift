import Foundation
import PNGCodec
import Testing
import TestSupport

@Suite("pinboard demo")
struct DemoCommandTests {
    @Test("Writes a 400 px PNG of the seeded blocks, the same bytes for the same seed")
    func writesDemo() throws {
        let folder = try TemporaryFolder()
        let first = try ToolRun.pinboard(["demo", "-o", "a.png", "--seed", "5"], in: folder.path)
        let again = try ToolRun.pinboard(["demo", "--seed", "5", "-o", "b.png"], in: folder.path)
        let other = try ToolRun.pinboard(["demo", "-o", "c.png", "--seed", "6"], in: folder.path)
        #expect(first.status == 0 && again.status == 0 && other.status == 0)
        #expect(first.stderr.isEmpty)
        let image = try PNGDecoder.decode(path: folder.path + "/a.png")
        #expect(image.width == 400)
        #expect(try Fixture.bytes(folder.path + "/a.png") == Fixture.bytes(folder.path + "/b.png"))
        #expect(try Fixture.bytes(folder.path + "/a.png") != Fixture.bytes(folder.path + "/c.png"))
    }

    @Test("Defaults to demo.png; usage errors exit 2 naming the demo's help")
    func defaultsAndErrors() throws {
        let folder = try TemporaryFolder()
        #expect(try ToolRun.pinboard(["demo"], in: folder.path).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/demo.png"))
        let bad = try ToolRun.pinboard(["demo", "--seed", "x"], in: folder.path)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("See 'pinboard demo --help'."))
        let help = try ToolRun.pinboard(["demo", "--help"], in: folder.path)
        #expect(help.status == 0 && help.stdout.hasPrefix("OVERVIEW: Draw the masonry demo"))
    }
}
