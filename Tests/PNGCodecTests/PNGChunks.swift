import Foundation
import Testing

/// A PNG split into its chunks, each CRC checked, so tests can look at what the
/// writer produced without going through libpng.
struct PNGChunks {
    struct Chunk {
        let type: String
        let data: [UInt8]
    }

    let chunks: [Chunk]

    init(path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        try #require(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "PNG signature")
        var chunks: [Chunk] = []
        var offset = 8
        while offset < bytes.count {
            try #require(offset + 12 <= bytes.count, "chunk header at \(offset)")
            let length = Int(Self.bigEndian(bytes, at: offset))
            try #require(offset + 12 + length <= bytes.count, "chunk body at \(offset)")
            let typed = bytes[offset + 4..<offset + 8 + length]
            let declared = Self.bigEndian(bytes, at: offset + 8 + length)
            try #require(Zlib.crc32(typed) == declared, "CRC of the chunk at \(offset)")
            chunks.append(Chunk(
                type: String(decoding: typed.prefix(4), as: UTF8.self),
                data: Array(typed.dropFirst(4))
            ))
            offset += 12 + length
        }
        self.chunks = chunks
    }

    var types: [String] { chunks.map(\.type) }

    /// The zlib stream: every IDAT's data, in order.
    var imageData: [UInt8] { chunks.filter { $0.type == "IDAT" }.flatMap(\.data) }

    static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
