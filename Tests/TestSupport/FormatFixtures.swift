import Foundation
import Geometry
import ImageInput

/// One format's fixture folder, `Fixtures/<folder>/`, with the reference decodes a script
/// made once in its `golden/` (`<key>.rgba`, sized by `golden/index.json`): what every
/// codec's tests read, declared once. A test target names its folder:
///
/// ```swift
/// enum Fixture: FormatFixtures { static let folder = "gif" }
/// let golden = try Fixture.golden("global.gif")
/// ```
package protocol FormatFixtures {
    /// The folder below `Fixtures/`.
    static var folder: String { get }
}

/// A golden's size as `golden/index.json` records it.
package struct GoldenSize: Decodable, Sendable {
    package let width: Int
    package let height: Int
}

extension FormatFixtures {
    package static func path(_ name: String) -> String {
        TestSupport.Fixture.path(folder + "/" + name)
    }

    package static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try TestSupport.Fixture.bytes(path(name)))
    }

    /// The sizes of the reference decodes, by key.
    package static func goldenIndex() throws -> [String: GoldenSize] {
        try TestSupport.Fixture.json([String: GoldenSize].self, at: folder + "/golden/index.json")
    }

    /// The reference decode stored under `golden/<key>.rgba`.
    package static func golden(_ key: String) throws -> RGBAImage {
        let size = try goldenIndex()[key] ?? GoldenSize(width: 0, height: 0)
        return RGBAImage(width: size.width, height: size.height, pixels: try bytes("golden/\(key).rgba"))
    }

    /// Decodes every row in bands of `band`, as the tile renderer does, then finishes.
    package static func streamDecode(_ reader: any ImageRowReader, band: Int = 7) throws -> RGBAImage {
        let bytesPerRow = reader.outputWidth * 4
        var pixels = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: band * bytesPerRow)
        while reader.rowsRead < reader.outputHeight {
            let count = min(band, reader.outputHeight - reader.rowsRead)
            try buffer.withUnsafeMutableBytes { try reader.readRows(into: $0, stride: bytesPerRow, count: count) }
            pixels += buffer[0..<count * bytesPerRow]
        }
        try reader.finish()
        return RGBAImage(width: reader.outputWidth, height: reader.outputHeight, pixels: pixels)
    }
}
