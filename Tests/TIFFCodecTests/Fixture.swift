import Foundation
import ImageInput
import TIFFCodec

/// Paths into `Fixtures/tiff/` and its Pillow goldens, found from this file so tests run from any directory.
enum Fixture {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/tiff")

    static func path(_ name: String) -> String {
        root.appendingPathComponent(name).path
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: path(name))))
    }

    /// The reference decode `golden/<name>.rgba`, with its size from `golden/index.json`.
    static func golden(_ name: String) throws -> RGBAImage {
        let index = try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("golden/index.json")))
        let entry = (index as? [String: [String: Int]])?[name] ?? [:]
        return RGBAImage(width: entry["width"] ?? 0, height: entry["height"] ?? 0, pixels: try bytes("golden/\(name).rgba"))
    }

    /// Decodes all rows in bands of `band`, as the compositor does, then finishes.
    static func streamDecode(_ reader: TIFFRowReader, band: Int) throws -> RGBAImage {
        var pixels = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: band * reader.bytesPerRow)
        while reader.rowsRead < reader.outputHeight {
            let count = min(band, reader.outputHeight - reader.rowsRead)
            try buffer.withUnsafeMutableBytes { try reader.readRows(into: $0, stride: reader.bytesPerRow, count: count) }
            pixels += buffer[0..<count * reader.bytesPerRow]
        }
        try reader.finish()
        return RGBAImage(width: reader.outputWidth, height: reader.outputHeight, pixels: pixels)
    }

    /// The largest difference between two images' samples.
    static func worstDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }
}

/// A `ByteSource` that counts what is read from it, to show what a probe touches.
final class CountingBytes: ByteSource {
    let bytes: MemoryBytes
    private(set) var bytesRead = 0

    init(_ bytes: [UInt8]) {
        self.bytes = MemoryBytes(bytes)
    }

    func read(at offset: Int, count: Int) -> [UInt8] {
        let result = bytes.read(at: offset, count: count)
        bytesRead += result.count
        return result
    }
}
