import Foundation
import ImageFormats
import ImageInput
import PinboardIO
import SheetManifest
import SheetOutput
import TestSupport
import Testing

@Suite("IIIF level-0 trees")
struct IIIFTests {
    static let cases = [
        PyramidCase(width: 1, height: 1, tileSize: 254),
        PyramidCase(width: 300, height: 200, tileSize: 64),
        PyramidCase(width: 301, height: 199, tileSize: 64),
        PyramidCase(width: 60, height: 2000, tileSize: 64),
        PyramidCase(width: 513, height: 512, tileSize: 512),
    ]

    /// Writes `sheet` as the tree `board` in `folder`, in PNG tiles.
    @discardableResult
    static func write(_ sheet: PyramidSheet, in folder: String, tileSize: Int, manifest: Manifest? = nil) throws -> IIIFSink {
        let sink = try IIIFSink(folder: folder + "/board", settings: DeepZoomSettings(tileSize: tileSize, overlap: 1, tileFormat: .png))
        try sheet.feed(sink)
        try sink.finish(manifest: manifest)
        return sink
    }

    /// The files `vips dzsave --layout iiif3` writes, with each tile's size, worked out here
    /// from its `tile_name` (dzsave.c) rather than taken from the sink: levels halved
    /// (rounded up) while a level does not fit in one tile; tile (x, y) of the level with
    /// scale `sub` is region `x·t·sub, y·t·sub, min(t·sub, W − left), min(t·sub, H − top)` of
    /// `min(t, w − x·t) × min(t, h − y·t)` pixels, `full` when the region is the whole
    /// sheet; plus pinboard's `full/` images of every smaller level down to 1×1.
    static func expectedTiles(_ test: PyramidCase) -> [String: (width: Int, height: Int)] {
        var tiles: [String: (width: Int, height: Int)] = [:]
        var level = (width: test.width, height: test.height), sub = 1
        while true {
            let t = test.tileSize
            for x in 0..<((level.width + t - 1) / t) {
                for y in 0..<((level.height + t - 1) / t) {
                    let left = x * t * sub, top = y * t * sub
                    let width = min(t * sub, test.width - left), height = min(t * sub, test.height - top)
                    let size = (width: min(t, level.width - x * t), height: min(t, level.height - y * t))
                    let full = left == 0 && top == 0 && width == test.width && height == test.height
                    let region = full ? "full" : "\(left),\(top),\(width),\(height)"
                    tiles["\(region)/\(size.width),\(size.height)/0/default.png"] = size
                }
            }
            if level.width == 1, level.height == 1 { break }
            level = ((level.width + 1) / 2, (level.height + 1) / 2)
            sub *= 2
        }
        return tiles
    }

    @Test("Every tile libvips writes, at its size, and the full/ images down to 1×1", arguments: cases)
    func structure(_ test: PyramidCase) throws {
        let folder = try TemporaryFolder()
        let sink = try Self.write(PyramidSheet(width: test.width, height: test.height), in: folder.path, tileSize: test.tileSize)
        let tree = folder.path + "/board"
        let files = try FileManager.default.subpathsOfDirectory(atPath: tree).filter { $0.hasSuffix(".png") }
        let expected = Self.expectedTiles(test)
        #expect(Set(files) == Set(expected.keys))
        #expect(sink.tilesWritten == expected.count)
        for (name, size) in expected {
            let info = try ImageRegistry.pinboard.probe(path: tree + "/" + name, limits: .default)
            #expect(info.width == size.width && info.height == size.height, "\(name)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["board"])
    }

    @Test("info.json has libvips's fields, the scale factors to the first level in one tile, and the full/ sizes", arguments: cases)
    func info(_ test: PyramidCase) throws {
        let folder = try TemporaryFolder()
        try Self.write(PyramidSheet(width: test.width, height: test.height), in: folder.path, tileSize: test.tileSize)
        let data = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/board/info.json"))
        let info = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(info["@context"] as? String == "http://iiif.io/api/image/3/context.json")
        #expect(info["id"] as? String == "https://example.com/iiif/board")
        #expect(info["type"] as? String == "ImageService3")
        #expect(info["profile"] as? String == "level0")
        #expect(info["protocol"] as? String == "http://iiif.io/api/image")
        #expect(info["width"] as? Int == test.width && info["height"] as? Int == test.height)
        #expect(info["preferredFormats"] as? [String] == ["png"])
        var levels = [(width: test.width, height: test.height)]
        while let last = levels.last, last.width > 1 || last.height > 1 { levels.append(((last.width + 1) / 2, (last.height + 1) / 2)) }
        let fitting = levels.filter { $0.width <= test.tileSize && $0.height <= test.tileSize }
        let tiled = try #require(levels.firstIndex { $0.width <= test.tileSize && $0.height <= test.tileSize }) + 1
        let tiles = try #require(info["tiles"] as? [[String: Any]])
        #expect(tiles.count == 1)
        #expect(tiles.first?["width"] as? Int == test.tileSize)
        #expect(tiles.first?["scaleFactors"] as? [Int] == (0..<tiled).map { 1 << $0 })
        let sizes = try #require(info["sizes"] as? [[String: Int]])
        #expect(sizes.map { [$0["width"] ?? 0, $0["height"] ?? 0] } == fitting.reversed().map { [$0.width, $0.height] })
        for size in fitting {
            #expect(FileManager.default.fileExists(atPath: folder.path + "/board/full/\(size.width),\(size.height)/0/default.png"))
        }
    }

    @Test("The full-size tiles put back together are the sheet, exactly; the tiles never overlap")
    func fullSizeIsTheSheet() throws {
        let folder = try TemporaryFolder()
        let sheet = PyramidSheet(width: 301, height: 199, bandRows: 37)
        try Self.write(sheet, in: folder.path, tileSize: 64)
        var pixels = [UInt8](repeating: 0, count: 301 * 199 * 3)
        for x in 0..<5 {
            for y in 0..<4 {
                let (width, height) = (min(64, 301 - x * 64), min(64, 199 - y * 64))
                let tile = try TestSheet.decode(folder.path + "/board/\(x * 64),\(y * 64),\(width),\(height)/\(width),\(height)/0/default.png")
                try #require(tile.width == width && tile.height == height)
                for row in 0..<height {
                    for column in 0..<width {
                        let source = (row * width + column) * 4, target = ((y * 64 + row) * 301 + x * 64 + column) * 3
                        pixels.replaceSubrange(target..<(target + 3), with: tile.pixels[source..<(source + 3)])
                    }
                }
            }
        }
        #expect(pixels == sheet.image.pixels)
    }

    @Test("A second tree replaces the first with its manifest; a folder that is no tree is refused")
    func replaces() throws {
        let folder = try TemporaryFolder()
        try Self.write(PyramidSheet(width: 300, height: 200), in: folder.path, tileSize: 64, manifest: TestSheet.manifest)
        #expect(try IIIFPaths(folder: folder.path + "/board").manifestText() == TestSheet.manifest.jsonText() + "\n")
        try Self.write(PyramidSheet(width: 40, height: 30), in: folder.path, tileSize: 64)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/board").sorted() == ["full", "info.json"])
        #expect(try IIIFPaths(folder: folder.path + "/board").manifestText() == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["board"])

        try folder.files("photos/a.png")
        #expect {
            _ = try IIIFSink(folder: folder.path + "/photos")
        } throws: { error in
            guard let error = error as? WriteError, case .refused = error.reason else { return false }
            return error.path == folder.path + "/photos"
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/photos") == ["a.png"])
    }
}
