import Foundation
import PNGCodec
@testable import JPEGCodec
import TestSupport

/// Paths into `Fixtures/jpeg/`, and the decoding and comparing the JPEG tests share.
enum JPEGFixture {
    static func path(_ name: String) -> String {
        Fixture.path("jpeg/" + name)
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Fixture.bytes(path(name)))
    }

    static let orientationNames = (1...8).map { "orientation-\($0).jpg" }

    /// Decodes all rows in bands, then reads to the end of image, as the compositor will.
    static func streamDecode(_ reader: JPEGRowReader, band: Int = 7) throws -> [UInt8] {
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

    /// The mean absolute difference between two images' samples.
    static func meanDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        Double(zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(max(a.count, 1))
    }
}
