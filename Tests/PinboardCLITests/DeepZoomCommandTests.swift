import Foundation
import SheetManifest
import TestSupport
import Testing

@Suite("pinboard -o board.dzi")
struct DeepZoomCommandTests {
    @Test("-o out/board.dzi writes the pyramid and its manifest, and pinboard manifest prints it with the tiles")
    func writesPyramid() throws {
        let folder = try TemporaryFolder()
        let out = try folder.folder("out")
        let run = try ToolRun.pinboard([Fixture.path("photos"), "-o", "out/board.dzi", "--tile-format", "png", "--quiet"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted()
            == ["board.dzi", "board.manifest.json", "board_files"])

        let printed = try ToolRun.pinboard(["manifest", "out/board.dzi"], in: folder.path)
        #expect(printed.status == 0, "\(printed.stderr)")
        let manifest = try JSONDecoder().decode(Manifest.self, from: printed.output)
        let photos = try FileManager.default.contentsOfDirectory(atPath: Fixture.path("photos")).filter { !$0.hasSuffix(".md") && $0 != "golden" }
        #expect(manifest.items.count == photos.count)
        #expect(manifest.options["tileFormat"] == "png")

        let descriptor = try String(contentsOfFile: out + "/board.dzi", encoding: .utf8)
        #expect(descriptor.contains("Format=\"png\" Overlap=\"1\" TileSize=\"254\"><Size Height=\"\(manifest.height)\" Width=\"\(manifest.width)\"/>"))
        let levels = Int(log2(Double(max(manifest.width, manifest.height))).rounded(.up)) + 1
        let written = try FileManager.default.contentsOfDirectory(atPath: out + "/board_files").compactMap { Int($0) }.sorted()
        #expect(written == Array(0..<levels))
        let top = try FileManager.default.contentsOfDirectory(atPath: out + "/board_files/\(levels - 1)")
        let columns = (manifest.width + 253) / 254, rows = (manifest.height + 253) / 254
        #expect(top.count == columns * rows)
        #expect(top.allSatisfy { $0.hasSuffix(".png") })
    }

    @Test("--format iiif -o out/board writes a IIIF tree with its manifest inside, and pinboard manifest prints it")
    func writesIIIFTree() throws {
        let folder = try TemporaryFolder()
        try folder.folders("out")
        let run = try ToolRun.pinboard([Fixture.path("photos"), "--format", "iiif", "-o", "out/board", "--tile-size", "512",
                                        "--iiif-id", "https://example.org/boards", "--quiet"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try folder.names(in: "out") == ["board"])
        let printed = try ToolRun.pinboard(["manifest", "out/board"], in: folder.path)
        #expect(printed.status == 0, "\(printed.stderr)")
        let manifest = try JSONDecoder().decode(Manifest.self, from: printed.output)
        #expect(manifest.options["format"] == "iiif" && manifest.options["tileSize"] == "512")
        let info = try String(contentsOfFile: folder.path + "/out/board/info.json", encoding: .utf8)
        #expect(info.contains("\"width\": \(manifest.width),\n  \"height\": \(manifest.height)\n}"))
        #expect(info.contains("  \"id\": \"https://example.org/boards/board\",\n"))
        let region = "0,0,\(min(512, manifest.width)),\(min(512, manifest.height))/\(min(512, manifest.width)),\(min(512, manifest.height))"
        #expect(FileManager.default.fileExists(atPath: folder.path + "/out/board/\(region)/0/default.jpg"))
    }

    @Test("A pyramid cannot go to stdout, nor overlap past its tile size: exit 2", arguments: [
        (["-o", "-", "--format", "dzi"], "Error: '--output -' and '--format dzi' cannot be used together: a pyramid is a folder of files, not one stream.\n"),
        (["-o", "-", "--format", "iiif"], "Error: '--output -' and '--format iiif' cannot be used together: a pyramid is a folder of files, not one stream.\n"),
        (["-o", "tree", "--format", "iiif", "--html", "b.html"], "Error: '--html' and '--format iiif' cannot be used together: the board page shows a Deep Zoom pyramid; write -o NAME.dzi for it.\n"),
        (["-o", "b.dzi", "--tile-size", "16", "--tile-overlap", "17"], "Error: Invalid value '17' for '--tile-overlap': expected 0 to the tile size, 16.\n"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let folder = try TemporaryFolder()
        let run = try ToolRun.pinboard([Fixture.path("photos")] + arguments, in: folder.path)
        #expect(run.status == 2)
        #expect(run.stderr == message + "See 'pinboard --help'.\n")
        #expect(run.output.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }
}
