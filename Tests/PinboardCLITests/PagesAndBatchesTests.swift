import Foundation
import Layout
import PNGCodec
import SheetManifest
import TestSupport
import Testing

@Suite("Pages and batches")
struct PagesAndBatchesTests {
    static let solids = ["blue-64x16.png", "green-18x60.png", "grey-30x20.png", "red-40x30.png", "yellow-25x25.png"]

    static func folderWithSolids(_ folder: TemporaryFolder, _ name: String, _ files: [String]) throws -> String {
        let path = folder.path + "/" + name
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for file in files { try FileManager.default.copyItem(atPath: Fixture.path("solid/" + file), toPath: path + "/" + file) }
        return path
    }

    /// The two folders the batch tests make one sheet each of: `trip` with the first two
    /// solids, `home` with the last `homeCount`.
    static func tripAndHome(in folder: TemporaryFolder, homeCount: Int) throws -> (trip: String, home: String) {
        (try folderWithSolids(folder, "trip", Array(solids.prefix(2))), try folderWithSolids(folder, "home", Array(solids.suffix(homeCount))))
    }

    @Test("--max-height writes numbered pages, each no taller than the limit, together holding every source")
    func pages() throws {
        let folder = try TemporaryFolder()
        let photos = try Self.folderWithSolids(folder, "photos", Self.solids)
        let run = try ToolRun.pinboard(
            ["-w", "60", "-c", "1", "-p", "2", "--max-height", "100", "-o", "board.png", "--manifest", "board.json", photos],
            in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        var sources: [String] = []
        var page = 1
        while FileManager.default.fileExists(atPath: folder.path + "/board-\(page).png") {
            let image = try PNGDecoder.decode(path: folder.path + "/board-\(page).png")
            let manifest = try JSONDecoder().decode(Manifest.self, from: Fixture.bytes(folder.path + "/board-\(page).json"))
            #expect(image.height == manifest.height && (image.height <= 100 || manifest.items.count == 1))
            sources += manifest.items.map(\.source)
            page += 1
        }
        #expect(page > 2, "expected several pages")
        #expect(sources == Self.solids.map { photos + "/" + $0 })
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/board.png"))
    }

    @Test("--each makes one sheet per folder through {name}; a folder without images fails alone")
    func each() throws {
        let folder = try TemporaryFolder()
        let (trip, home) = try Self.tripAndHome(in: folder, homeCount: 3)
        let empty = try Self.folderWithSolids(folder, "empty", [])
        let run = try ToolRun.pinboard(["--each", "-w", "100", "-o", "{name}.png", trip, home, empty], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stderr.contains("empty: no .avif, .gif, .heic, .heif, .hif, .jpeg, .jpg, .png, .tif, .tiff or .webp files found"))
        #expect(try PNGDecoder.decode(path: folder.path + "/trip.png").width == 100)
        #expect(try PNGDecoder.decode(path: folder.path + "/home.png").width == 100)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/empty.png"))
    }

    @Test("Outputs named through {name} or pages get their folders made; a plain -o into a missing folder names it")
    func outputFolders() throws {
        let folder = try TemporaryFolder()
        let (trip, home) = try Self.tripAndHome(in: folder, homeCount: 2)
        let batches = try ToolRun.pinboard(
            ["--each", "-w", "60", "-o", "sheets/{name}/board.png", "--manifest", "manifests/{name}.json", trip, home],
            in: folder.path)
        #expect(batches.status == 0, "\(batches.stderr)")
        #expect(try folder.names(in: "sheets/trip") == ["board.png"] && folder.names(in: "sheets/home") == ["board.png"])
        #expect(try folder.names(in: "manifests") == ["home.json", "trip.json"])
        let pages = try ToolRun.pinboard(["-w", "60", "--max-height", "100", "-o", "pages/a/board.png", trip], in: folder.path)
        #expect(pages.status == 0, "\(pages.stderr)")
        #expect(try folder.names(in: "pages/a").first == "board-1.png")

        let plain = try ToolRun.pinboard(["-w", "60", "-o", "missing/board.png", trip], in: folder.path)
        #expect(plain.status == 1)
        #expect(plain.stderr == "Error: missing/board.png: cannot write: the folder missing does not exist\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/missing"))
    }

    @Test("A template's folder that cannot be made is named in the error")
    func outputFolderBlocked() throws {
        let folder = try TemporaryFolder()
        let trip = try Self.folderWithSolids(folder, "trip", Array(Self.solids.prefix(2)))
        try folder.files("sheets")
        let run = try ToolRun.pinboard(["--each", "-w", "60", "-o", "sheets/{name}/board.png", trip], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stderr == "Error: sheets/trip/board.png: cannot write: cannot create the folder sheets/trip: Not a directory\n")
    }

    @Test("Usage errors: --each without {name}, pages or batches to stdout, --max-height across")
    func usage() throws {
        let folder = try TemporaryFolder()
        for arguments in [["--each", "-o", "x.png", "a", "b"], ["--max-height", "10", "-o", "-", "a"],
                          ["--each", "-o", "-", "a"], ["--direction", "horizontal", "--max-height", "10", "a"]] {
            let run = try ToolRun.pinboard(arguments, in: folder.path)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
        }
    }
}
