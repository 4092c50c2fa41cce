import Foundation
import PNGCodec
import Pinboard
import SheetManifest
@testable import SheetOutput
import TestSupport
import Testing

/// A manifest longer than one text chunk should hold: cut across iTXt chunks of at most
/// `ManifestChunk.chunkLimit` bytes, each whole UTF-8, and joined back whole; chunks that
/// hold more than `ManifestChunk.totalLimit` together are refused as a damaged manifest.
@Suite("Long manifests")
struct LongManifestTests {
    let folder: PhotoFolder

    init() throws {
        folder = try PhotoFolder()
    }

    /// A small sheet whose manifest lists `count` skipped sources with names of two-, three-
    /// and four-byte characters, so chunk boundaries fall inside characters' bytes.
    func sheet(skipping count: Int) throws -> ComposedSheet {
        try Fixture.copy("solid/red-40x30.png", to: folder.photos + "/red.png")
        var sheet = try SheetComposer.compose(inputs: [folder.photos], options: SheetOptions(breadth: 40, lanes: 1))
        sheet.manifest.skipped = (0..<count).map { index in
            Manifest.SkippedSource(source: "photos/é€🌵-\(index).png", reason: .recorded("ünreadable: 🌵 over the limit"))
        }
        return sheet
    }

    @Test("A 2.5 MB manifest goes in as several chunks of at most 1,000,000 bytes and reads back whole")
    func roundTrip() throws {
        let sheet = try sheet(skipping: 30_000)
        let json = sheet.manifest.jsonText()
        try #require(json.utf8.count > 2_500_000)
        let path = folder.path + "/long.png"
        try Data(sheet.pngData()).write(to: URL(fileURLWithPath: path))

        let chunks = try PNGText.readAll(keyword: ManifestChunk.keyword, path: path, totalLimit: ManifestChunk.totalLimit)
        #expect(chunks.count == (json.utf8.count + ManifestChunk.chunkLimit - 1) / ManifestChunk.chunkLimit)
        #expect(chunks.allSatisfy { $0.text.utf8.count <= ManifestChunk.chunkLimit })
        #expect(chunks.map(\.text).joined() == json)
        #expect(try EmbeddedManifest.text(ofSheet: path) == json)
        #expect(try EmbeddedManifest.read(sheet: path) == sheet.manifest)
    }

    @Test("A manifest under 1,000,000 bytes is one chunk, as before")
    func oneChunk() throws {
        let sheet = try sheet(skipping: 100)
        let path = folder.path + "/short.png"
        try Data(sheet.pngData()).write(to: URL(fileURLWithPath: path))
        let chunks = try PNGText.readAll(keyword: ManifestChunk.keyword, path: path, totalLimit: ManifestChunk.totalLimit)
        #expect(chunks == [PNGText(keyword: ManifestChunk.keyword, text: sheet.manifest.jsonText())])
    }

    @Test("Chunks holding more than 64 MiB together are a damaged manifest naming the file")
    func overTotal() throws {
        let path = folder.path + "/huge.png"
        let writer = try PNGWriter(to: .path(path), width: 1, height: 1, channels: .rgb)
        try [UInt8](repeating: 0, count: 3).withUnsafeBytes { row in try writer.write(rows: row, stride: 3, count: 1) }
        let piece = String(repeating: " ", count: ManifestChunk.chunkLimit)
        for _ in 0...(ManifestChunk.totalLimit / ManifestChunk.chunkLimit) {
            try writer.add(text: PNGText(keyword: ManifestChunk.keyword, text: piece))
        }
        try writer.finish()
        let error = #expect(throws: PinboardError.self) { try EmbeddedManifest.text(ofSheet: path) }
        #expect(error?.badManifestPath == path, "\(String(describing: error))")
    }

    @Test("Cut at character boundaries, never over the limit but for a character longer than it", arguments: [
        ("", 4, [""]), ("abc", 3, ["abc"]), ("abcd", 3, ["abc", "d"]), ("aé", 2, ["a", "é"]),
        ("🌵🌵", 5, ["🌵", "🌵"]), ("🌵", 3, ["🌵"]), ("é€🌵x", 6, ["é€", "🌵x"]),
    ])
    func pieces(text: String, limit: Int, expected: [String]) {
        #expect(ManifestChunk.pieces(of: text, limit: limit) == expected)
    }

    /// Pillow keeps the last of several chunks with one keyword in `text`: the check is that
    /// it opens the sheet at all, which a chunk over its 1 MiB limit stops.
    @Test("Pillow opens a sheet with a 2.5 MB manifest")
    func pillow() throws {
        let sheet = try sheet(skipping: 30_000)
        let path = folder.path + "/long.png"
        try Data(sheet.pngData()).write(to: URL(fileURLWithPath: path))
        let script = """
            import sys; from PIL import Image
            image = Image.open(sys.argv[1]); image.load()
            sys.exit(0 if sys.argv[2] in image.text else 1)
            """
        #expect(try Pillow.run(script, [path, ManifestChunk.keyword]).status == 0)
    }
}
