import Foundation
import GIFCodec
import ImageInput

/// Paths into `Fixtures/gif/`, found from this file so tests run from any directory.
enum Fixture {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/gif")

    static func path(_ name: String) -> String {
        root.appendingPathComponent(name).path
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: path(name))))
    }

    struct GoldenEntry: Decodable {
        let width: Int
        let height: Int
    }

    /// The sizes of Pillow's decodes, from `golden/index.json`.
    static let goldenIndex: [String: GoldenEntry] = {
        guard let data = try? Data(contentsOf: root.appendingPathComponent("golden/index.json")),
              let index = try? JSONDecoder().decode([String: GoldenEntry].self, from: data) else { return [:] }
        return index
    }()

    /// Pillow's decode of `name`'s first frame, transparent pixels as 0,0,0,0.
    static func golden(_ name: String) throws -> [UInt8] {
        try bytes("golden/\(name).rgba")
    }

    /// Decodes all rows in bands, then finishes, as the tile renderer does.
    static func streamDecode(_ reader: GIFRowReader, band: Int = 7) throws -> [UInt8] {
        var pixels = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: band * reader.bytesPerRow)
        while reader.rowsRead < reader.outputHeight {
            let count = min(band, reader.outputHeight - reader.rowsRead)
            try buffer.withUnsafeMutableBytes { try reader.readRows(into: $0, stride: reader.bytesPerRow, count: count) }
            pixels += buffer[0..<count * reader.bytesPerRow]
        }
        try reader.finish()
        return pixels
    }

    /// The offset of the first image descriptor (0x2C) in a GIF's bytes, walking its blocks.
    static func firstImageDescriptor(_ bytes: [UInt8]) -> Int {
        var offset = 13 + (bytes[10] & 0x80 != 0 ? 3 << (Int(bytes[10] & 7) + 1) : 0)
        while bytes[offset] == 0x21 {
            offset += 2
            while bytes[offset] != 0 { offset += Int(bytes[offset]) + 1 }
            offset += 1
        }
        return offset
    }
}
