import Foundation
import ImageInput
import WebPCodec

/// Paths into `Fixtures/webp/`, found from this file so tests run from any directory.
enum Fixture {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/webp")

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

    /// Pillow's decode stored under `golden/<key>.rgba`.
    static func golden(_ key: String) throws -> [UInt8] {
        try bytes("golden/\(key).rgba")
    }

    /// Decodes all rows in bands, then finishes, as the tile renderer does.
    static func streamDecode(_ reader: WebPRowReader, band: Int = 7) throws -> [UInt8] {
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

    /// Fully transparent pixels as 0,0,0,0, as the goldens store them: their colour is not shown.
    static func zeroingTransparent(_ pixels: [UInt8]) -> [UInt8] {
        var result = pixels
        for index in Swift.stride(from: 0, to: result.count, by: 4) where result[index + 3] == 0 {
            result[index] = 0
            result[index + 1] = 0
            result[index + 2] = 0
        }
        return result
    }

    /// The largest difference between two images' samples.
    static func worstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    /// Peak signal-to-noise ratio over every sample, in dB; infinity for equal images.
    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        let squared = zip(a, b).reduce(0.0) { total, pair in
            let difference = Double(pair.0) - Double(pair.1)
            return total + difference * difference
        }
        guard squared > 0 else { return .infinity }
        return 10 * log10(255 * 255 / (squared / Double(a.count)))
    }
}
