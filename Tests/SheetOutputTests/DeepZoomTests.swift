import Foundation
import Geometry
import PinboardIO
import SheetManifest
import SheetOutput
import TestSupport
import Testing

@Suite("Deep Zoom pyramids")
struct DeepZoomTests {
    static let cases = [
        PyramidCase(width: 1, height: 1, tileSize: 254, overlap: 1),
        PyramidCase(width: 300, height: 200, tileSize: 64, overlap: 1),
        PyramidCase(width: 301, height: 199, tileSize: 64, overlap: 1),
        PyramidCase(width: 255, height: 257, tileSize: 254, overlap: 1),
        PyramidCase(width: 60, height: 2000, tileSize: 64, overlap: 1),
        PyramidCase(width: 300, height: 2000, tileSize: 64, overlap: 3),
        PyramidCase(width: 130, height: 70, tileSize: 32),
        PyramidCase(width: 97, height: 41, tileSize: 16, overlap: 16),
    ]

    /// Writes `sheet` as `board.dzi` in `folder`, in PNG pyramid tiles unless told otherwise.
    @discardableResult
    static func write(
        _ sheet: PyramidSheet, in folder: String, settings: DeepZoomSettings, manifest: Manifest? = nil
    ) throws -> DeepZoomSink {
        let sink = try DeepZoomSink(path: folder + "/board.dzi", settings: settings)
        try sheet.feed(sink)
        try sink.finish(manifest: manifest)
        return sink
    }

    /// The span libvips gives pyramid tile `index` along a side `length` long, written out
    /// here from its layout rather than taken from the sink.
    static func expectedSpan(_ index: Int, length: Int, tileSize: Int, overlap: Int) -> (start: Int, count: Int) {
        let start = index * tileSize - (index > 0 ? overlap : 0)
        return (start, min(length, (index + 1) * tileSize + overlap) - start)
    }

    @Test("Levels halve, rounded up, down to 1×1; every pyramid tile has libvips's size", arguments: cases)
    func structure(_ test: PyramidCase) throws {
        let folder = try TemporaryFolder()
        try Self.write(PyramidSheet(width: test.width, height: test.height), in: folder.path, settings: test.settings)
        let pyramid = WrittenPyramid(filesFolder: folder.path + "/board_files", fileExtension: "png")
        let expectedLevels = Int((log2(Double(max(test.width, test.height)))).rounded(.up)) + 1
        #expect(try pyramid.levels() == Array(0..<expectedLevels))
        var size = (width: test.width, height: test.height)
        for level in (0..<expectedLevels).reversed() {
            let columns = Int((Double(size.width) / Double(test.tileSize)).rounded(.up))
            let rows = Int((Double(size.height) / Double(test.tileSize)).rounded(.up))
            let names = (0..<columns).flatMap { column in (0..<rows).map { "\(column)_\($0).png" } }.sorted()
            #expect(try pyramid.tileNames(level: level) == names, "level \(level) of \(size.width)×\(size.height)")
            for column in 0..<columns {
                for row in 0..<rows {
                    let x = Self.expectedSpan(column, length: size.width, tileSize: test.tileSize, overlap: test.overlap)
                    let y = Self.expectedSpan(row, length: size.height, tileSize: test.tileSize, overlap: test.overlap)
                    let written = try pyramid.size(level: level, column: column, row: row)
                    #expect(written.width == x.count && written.height == y.count, "level \(level) tile \(column)_\(row)")
                }
            }
            size = ((size.width + 1) / 2, (size.height + 1) / 2)
        }
        #expect(size == (1, 1))
    }

    @Test("Pyramid tiles at the edges and inside, as libvips cuts them: 300×200 in 64-px tiles overlapping by 1")
    func handComputedTiles() throws {
        let folder = try TemporaryFolder()
        let sink = try Self.write(PyramidSheet(width: 300, height: 200), in: folder.path,
                                  settings: DeepZoomSettings(tileSize: 64, overlap: 1, tileFormat: .png))
        let pyramid = WrittenPyramid(filesFolder: folder.path + "/board_files", fileExtension: "png")
        // 300×200, 150×100, 75×50, 38×25, 19×13, 10×7, 5×4, 3×2, 2×1, 1×1.
        #expect(try pyramid.levels() == Array(0...9))
        #expect(try pyramid.size(level: 9, column: 0, row: 0) == (65, 65))      // corner: overlap right and below
        #expect(try pyramid.size(level: 9, column: 1, row: 1) == (66, 66))      // inside: overlap on every side
        #expect(try pyramid.size(level: 9, column: 4, row: 0) == (45, 65))      // x 255..<300
        #expect(try pyramid.size(level: 9, column: 4, row: 3) == (45, 9))       // y 191..<200
        #expect(try pyramid.size(level: 8, column: 2, row: 1) == (23, 37))      // 150×100: x 127..<150, y 63..<100
        #expect(try pyramid.size(level: 0, column: 0, row: 0) == (1, 1))
        #expect(sink.tilesWritten == 5 * 4 + 3 * 2 + 2 * 1 + 7)
    }

    @Test("The .dzi holds the tile format, overlap, tile size and the sheet's size", arguments: DeepZoomSettings.TileFormat.allCases)
    func descriptor(_ format: DeepZoomSettings.TileFormat) throws {
        let folder = try TemporaryFolder()
        try Self.write(PyramidSheet(width: 301, height: 199), in: folder.path,
                       settings: DeepZoomSettings(tileSize: 100, overlap: 2, tileFormat: format))
        let text = try String(contentsOfFile: folder.path + "/board.dzi", encoding: .utf8)
        #expect(text == """
            <?xml version="1.0" encoding="UTF-8"?>
            <Image xmlns="http://schemas.microsoft.com/deepzoom/2008" Format="\(format.rawValue)" Overlap="2" \
            TileSize="100"><Size Height="199" Width="301"/></Image>

            """)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/board_files/9/3_1.\(format.rawValue)"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["board.dzi", "board_files"])
    }

    @Test("The full-size level's PNG tiles put back together are the sheet, exactly", arguments: [ChannelLayout.rgb, .rgba])
    func fullSizeLevelIsTheSheet(_ channels: ChannelLayout) throws {
        let folder = try TemporaryFolder()
        let sheet = PyramidSheet(width: 301, height: 199, channels: channels, bandRows: 37)
        let settings = DeepZoomSettings(tileSize: 64, overlap: 1, tileFormat: .png)
        try Self.write(sheet, in: folder.path, settings: settings)
        let pyramid = WrittenPyramid(filesFolder: folder.path + "/board_files", fileExtension: "png")
        let level = try pyramid.assemble(level: 9, width: 301, height: 199, channels: channels.channelCount, settings: settings)
        #expect(level == sheet.image)
    }

    @Test("The full-size level's JPEG tiles put back together are within 38 dB of a smooth sheet")
    func fullSizeLevelInJPEG() throws {
        let folder = try TemporaryFolder()
        let sheet = PyramidSheet(width: 301, height: 199, channels: .rgb, bandRows: 37, smooth: true)
        let settings = DeepZoomSettings(tileSize: 64, overlap: 1, tileFormat: .jpeg)
        try Self.write(sheet, in: folder.path, settings: settings)
        let pyramid = WrittenPyramid(filesFolder: folder.path + "/board_files", fileExtension: "jpeg")
        let level = try pyramid.assemble(level: 9, width: 301, height: 199, channels: 3, settings: settings, lossy: true)
        let psnr = PixelComparison.psnr(level.pixels, sheet.image.pixels)
        #expect(psnr >= 38, "PSNR \(psnr) dB")
    }

    @Test("Every level below is the 2×2 box average of the one above, the odd edge averaged with itself",
          arguments: [cases[1], cases[2], cases[3], cases[4]])
    func lowerLevelsAreBoxAverages(_ test: PyramidCase) throws {
        let folder = try TemporaryFolder()
        let sheet = PyramidSheet(width: test.width, height: test.height, channels: .rgba)
        try Self.write(sheet, in: folder.path, settings: test.settings)
        let pyramid = WrittenPyramid(filesFolder: folder.path + "/board_files", fileExtension: "png")
        var expected = sheet.image
        for level in (try pyramid.levels()).reversed() {
            let written = try pyramid.assemble(level: level, width: expected.width, height: expected.height, channels: 4,
                                               settings: test.settings)
            #expect(written == expected, "level \(level), \(expected.width)×\(expected.height)")
            expected = expected.halved()
        }
    }

    @Test("A pyramid tile that cannot be written mid-way leaves the earlier pyramid as it was")
    func failedTileKeepsEarlierPyramid() throws {
        let folder = try TemporaryFolder()
        try Self.write(PyramidSheet(width: 40, height: 30), in: folder.path, settings: DeepZoomSettings(tileFormat: .png))
        let before = try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
        // JPEG refuses quality 0 when its first pyramid tile begins, after the first band.
        let sink = try DeepZoomSink(path: folder.path + "/board.dzi", settings: DeepZoomSettings(tileSize: 16), quality: 0)
        #expect {
            try PyramidSheet(width: 100, height: 300, bandRows: 10).feed(sink)
        } throws: { error in
            guard let error = error as? WriteError, case .refused = error.reason else { return false }
            return error.path.hasSuffix("board_files/9/0_0.jpeg")
        }
        #expect(try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted() == before)
    }

    @Test("A sheet that ends early is refused in finish, leaving nothing")
    func missingRows() throws {
        let folder = try TemporaryFolder()
        let sink = try DeepZoomSink(path: folder.path + "/board.dzi", settings: DeepZoomSettings(tileSize: 32, tileFormat: .png))
        try PyramidSheet(width: 50, height: 200).feed(sink, bands: 2)
        #expect {
            try sink.finish(manifest: nil)
        } throws: { error in
            guard let error = error as? WriteError, case .refused(let why) = error.reason else { return false }
            return why == "the sheet ended after 128 of 200 rows"
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }

    @Test("A folder that cannot hold the pyramid is refused before any band")
    func unwritableFolder() throws {
        let folder = try TemporaryFolder()
        try #require(FileManager.default.createFile(atPath: folder.path + "/plain", contents: Data()))
        #expect {
            _ = try DeepZoomSink(path: folder.path + "/plain/board.dzi")
        } throws: { error in
            guard let error = error as? WriteError, case .system(let code) = error.reason else { return false }
            return code == ENOTDIR
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["plain"])
    }

    @Test("Tile settings out of range are refused in begin", arguments: [(0, 0), (8193, 1), (64, 65), (64, -1)])
    func refusedSettings(_ tileSize: Int, _ overlap: Int) throws {
        let folder = try TemporaryFolder()
        let sink = try DeepZoomSink(path: folder.path + "/board.dzi", settings: DeepZoomSettings(tileSize: tileSize, overlap: overlap))
        #expect(throws: WriteError.self) { try sink.begin(SheetHeader(width: 10, height: 10, channels: .rgb)) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }

    @Test("A second pyramid replaces the first, its manifest beside the .dzi")
    func replacesEarlierPyramid() throws {
        let folder = try TemporaryFolder()
        try Self.write(PyramidSheet(width: 600, height: 20), in: folder.path, settings: DeepZoomSettings(tileFormat: .png))
        try Self.write(PyramidSheet(width: 20, height: 10), in: folder.path, settings: DeepZoomSettings(tileFormat: .png),
                       manifest: TestSheet.manifest)
        let pyramid = WrittenPyramid(filesFolder: folder.path + "/board_files", fileExtension: "png")
        #expect(try pyramid.levels() == Array(0...5))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            == ["board.dzi", "board.manifest.json", "board_files"])
        let text = try #require(try SheetFormat.dzi.manifestText(path: folder.path + "/board.dzi"))
        #expect(text == TestSheet.manifest.jsonText() + "\n")
    }

    @Test("A 200×20000 sheet is built holding a few pyramid tile rows per level, never the sheet")
    func heldRowsStayFlat() throws {
        let folder = try TemporaryFolder()
        let settings = DeepZoomSettings(tileSize: 254, overlap: 1, tileFormat: .png)
        let sink = try Self.write(PyramidSheet(width: 200, height: 20_000, bandRows: 64), in: folder.path, settings: settings)
        // 16 levels, 20000 down to 1 row; the 9 from 157 rows down are one pyramid tile each.
        // Each level holds at most one row of pyramid tiles with its overlap, and one row waiting for its partner.
        let bound = (0..<16).reduce(0) { total, level in
            total + min((20_000 + (1 << level) - 1) >> level, 254 + 2) + 1
        }
        #expect(sink.peakHeldRows <= bound)
        #expect(sink.peakHeldRows < 20_000 / 4)
        #expect(sink.heldRows == 0)
        #expect(sink.tilesWritten == 79 + 40 + 20 + 10 + 5 + 3 + 2 + 9)
    }
}

@Suite("Deep Zoom pyramids: killed runs")
struct DeepZoomKilledRunTests {
    @Test("The temporary folder a killed run left is removed by the next write; a running writer's is kept")
    func staleFolderRemoved() throws {
        let folder = try TemporaryFolder()
        let exited = Process()
        exited.executableURL = URL(fileURLWithPath: "/bin/true")
        try exited.run()
        exited.waitUntilExit()
        let paths = DeepZoomPaths(descriptor: folder.path + "/board.dzi")
        let stale = paths.temporaryFolder(pid: exited.processIdentifier, attempt: 0)
        let running = paths.temporaryFolder(pid: getppid(), attempt: 0)
        for half in [stale, running] {
            try FileManager.default.createDirectory(atPath: half + "/board_files/3", withIntermediateDirectories: true)
        }
        try DeepZoomTests.write(PyramidSheet(width: 5, height: 5), in: folder.path, settings: DeepZoomSettings(tileFormat: .png))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            == [(running as NSString).lastPathComponent, "board.dzi", "board_files"])
    }
}
