import Foundation
import Geometry
import Pinboard
import SheetManifest
import SheetOutput
import TestSupport
import Testing

/// Shrink-on-load keeps JPEG tiles close to Pillow's LANCZOS resize of the full decode.
///
/// Fixtures and goldens come from scripts/make-jpeg-quality-goldens.py: photo-like JPEGs
/// (quality 90, 4:2:0) and, per tile width, Pillow's `convert("RGB").resize((w, h),
/// LANCZOS, reducing_gap=None)` of the full image as raw RGB. The widths make pinboard
/// decode at 1/8, 1/4 and 1/2, some exactly at a scaled size (nothing left for Lanczos to
/// smooth). The requirement is PSNR ≥ 40 dB over RGB, with and without shrinking.
@Suite("JPEG shrink-on-load quality")
struct JPEGQualityTests {
    struct Case: Decodable, CustomTestStringConvertible, Sendable {
        let source: String
        let width: Int
        let height: Int
        let golden: String
        /// The DCT scale pinboard should pick for this tile (documentation; not checked here).
        let denominator: Int

        var testDescription: String { "\(source) → \(width)×\(height) (1/\(denominator))" }
    }

    static func cases() throws -> [Case] {
        try MissingFixture.nonEmpty(Fixture.json([Case].self, at: "jpeg-quality/index.json"), "cases in Fixtures/jpeg-quality/index.json")
    }

    static let threshold = 40.0

    /// A one-column sheet without padding or margin: exactly the tile, RGB on opaque white.
    static func tile(_ test: Case, shrinkOnLoad: Bool) throws -> ComposedSheet {
        var options = SheetOptions(breadth: test.width, lanes: 1, padding: 0, margin: 0, jobs: 2)
        options.shrinkOnLoad = shrinkOnLoad
        return try SheetComposer.compose(inputs: [Fixture.path("jpeg-quality/" + test.source)], options: options)
    }

    /// Peak signal-to-noise ratio over every RGB byte, in dB (infinite when identical).
    static func psnr(_ actual: [UInt8], _ expected: [UInt8]) -> Double {
        var squares = 0.0
        for (a, e) in zip(actual, expected) {
            let difference = Double(Int(a) - Int(e))
            squares += difference * difference
        }
        let meanSquare = squares / Double(expected.count)
        return meanSquare == 0 ? .infinity : 10 * log10(255 * 255 / meanSquare)
    }

    @Test("The index lists cases for every DCT scale")
    func index() throws {
        #expect(Set(try Self.cases().map(\.denominator)) == [2, 4, 8])
    }

    @Test("PSNR ≥ 40 dB against Pillow's LANCZOS of the full decode", arguments: try cases(), [true, false])
    func quality(test: Case, shrinkOnLoad: Bool) throws {
        let sheet = try Self.tile(test, shrinkOnLoad: shrinkOnLoad)
        #expect(sheet.width == test.width && sheet.height == test.height)
        #expect(sheet.format == .rgb)
        #expect(sheet.manifest.skipped.isEmpty)
        let golden = [UInt8](try Fixture.bytes(Fixture.path("jpeg-quality/" + test.golden)))
        try #require(golden.count == test.width * test.height * 3 && sheet.pixels.count == golden.count)
        let decibels = Self.psnr(sheet.pixels, golden)
        let mode = shrinkOnLoad ? "shrink-on-load 1/\(test.denominator)" : "full decode"
        #expect(decibels >= Self.threshold,
                "\(test.testDescription), \(mode): PSNR \(String(format: "%.2f", decibels)) dB")
    }
}
