import Foundation
import Layout
import SheetManifest
import TestSupport
import Testing

@Suite("Board options on the command line")
struct BoardOptionsTests {
    static func manifest(_ arguments: [String]) throws -> (ToolRun, Manifest?) {
        let folder = try TemporaryFolder()
        let run = try ToolRun.pinboard(["--layout-only", "--manifest", "m.json"] + arguments + [Fixture.path("solid")], in: folder.path)
        let data = try? Fixture.bytes(folder.path + "/m.json")
        return (run, try data.map { try JSONDecoder().decode(Manifest.self, from: $0) })
    }

    @Test("--span-wide lets wide images span two columns, --span-all every column", arguments: ["3/2", "1.5"])
    func spans(ratio: String) throws {
        let (run, manifest) = try Self.manifest(["-w", "300", "-c", "3", "--span-wide", ratio])
        #expect(run.status == 0, "\(run.stderr)")
        let wide = try #require(manifest).items.filter { $0.sourceWidth * 2 >= 3 * $0.sourceHeight }
        #expect(!wide.isEmpty && wide.allSatisfy { $0.laneCount == 2 })
        let (all, allManifest) = try Self.manifest(["-w", "300", "-c", "3", "--span-wide", ratio, "--span-all"])
        #expect(all.status == 0)
        #expect(try #require(allManifest).items.filter { $0.laneCount > 1 }.allSatisfy { $0.laneCount == 3 })
    }

    @Test("Usage errors exit 2", arguments: [["--span-all"], ["--span-wide", "0"], ["--span-wide", "x"], ["--tolerance", "-1"],
                                             ["--label", "title"], ["--direction", "horizontal", "--label", "name"],
                                             ["--group-by", "date"],
                                             ["--corner-radius", "-1"], ["--font", "/no/such.ttf", "--label", "name", "--max-crop", "99"]])
    func usageErrors(arguments: [String]) throws {
        let (run, _) = try Self.manifest(arguments)
        #expect(run.status == 2, "\(arguments): \(run.stderr)")
    }

    @Test("--tolerance, --title, --label, --corner-radius and --group-by show in the manifest")
    func manifestFields() throws {
        let (run, manifest) = try Self.manifest(["--tolerance", "20", "--title", "Board", "--label", "stem",
                                                 "--font", Fixture.path("fonts/DejaVuSans.ttf"), "--corner-radius", "8",
                                                 "--group-by", "folder"])
        #expect(run.status == 0, "\(run.stderr)")
        let value = try #require(manifest)
        #expect(value.layout == .masonry(MasonrySettings(tolerance: 20)) && value.titleHeight > 0 && value.labelHeight > 0 && value.cornerRadius == 8)
        #expect(value.sections.count == 1 && value.sections.first?.start == 0)
    }
}
