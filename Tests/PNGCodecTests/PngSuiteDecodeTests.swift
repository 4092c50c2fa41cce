import Foundation
import Geometry
@testable import PNGCodec
import TestSupport
import Testing

/// Decodes every valid PngSuite image and compares it with pypng's decode,
/// made once by `scripts/make-pngsuite-goldens.py`.
@Suite("PngSuite decode")
struct PngSuiteDecodeTests {
    struct GoldenEntry: Decodable {
        let width: Int
        let height: Int
        let gammaCorrected: Bool
    }

    static let index = (try? Fixture.json([String: GoldenEntry].self, at: "pngsuite-golden/index.json")) ?? [:]

    @Test("Every valid PngSuite image has a golden")
    func goldenCoverage() throws {
        let names = try Fixture.validSuiteNames()
        #expect(names.count > 150)
        #expect(Set(Self.index.keys) == Set(names))
    }

    @Test("Decoded pixels match the reference decoder", arguments: try Fixture.validSuiteNames())
    func matchesGolden(name: String) throws {
        let entry = try #require(Self.index[name])
        let image = try PNGDecoder.decode(path: Fixture.path("pngsuite/\(name)"))
        #expect(image.width == entry.width && image.height == entry.height)
        let golden = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixture.path("pngsuite-golden/\(name).rgba"))))
        try #require(golden.count == image.pixels.count)
        // libpng's gamma tables round on their own (and index 16-bit samples by
        // their top bits), so gAMA conversions may differ by a level or two; exact elsewhere.
        let tolerance = entry.gammaCorrected ? (name.contains("16") ? 2 : 1) : 0
        let worst = zip(image.pixels, golden).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= tolerance, "largest channel difference \(worst)")
    }

    @Test("Streaming in bands gives the whole-image pixels", arguments: try Fixture.validSuiteNames())
    func streamingMatchesWhole(name: String) throws {
        let path = Fixture.path("pngsuite/\(name)")
        let whole = try PNGDecoder.decode(path: path)
        let reader = try PNGRowReader(path: path)
        var streamed = [UInt8]()
        let band = 7
        var buffer = [UInt8](repeating: 0, count: band * reader.bytesPerRow)
        while reader.rowsRead < reader.header.height {
            let count = min(band, reader.header.height - reader.rowsRead)
            try buffer.withUnsafeMutableBytes { try reader.readRows(into: $0, stride: reader.bytesPerRow, count: count) }
            streamed += buffer[0..<count * reader.bytesPerRow]
        }
        try reader.finish()
        #expect(streamed == whole.pixels)
    }

    @Test("Decoding from memory equals decoding from the file")
    func memoryMatchesFile() throws {
        for name in ["basn3p04.png", "basi6a16.png", "tbrn2c08.png"] {
            let path = Fixture.path("pngsuite/\(name)")
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(try PNGDecoder.decode(bytes: bytes) == PNGDecoder.decode(path: path))
        }
    }
}
