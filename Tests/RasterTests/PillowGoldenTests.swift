import Foundation
import Geometry
import Raster
import Testing
import TestSupport

/// lanczos3 against Pillow's `Image.resize(size, Image.LANCZOS)` on the fixtures that
/// scripts/make-raster-goldens.py made.
///
/// Both results are composited over white and compared on RGB: that weighs each pixel's
/// colour by how much of it shows, which is fair to Pillow, whose 8-bit premultiplied
/// intermediate loses colour precision where alpha is low. Both clamp what the pass across
/// makes to [0, 1], but Pillow rounds it to 8 bits where pinboard keeps 1/128 of a level; the
/// PSNR measures that as well.
///
/// The bar is 48 dB rather than a looser 40: Pillow's own bicubic scores 43 dB
/// against its lanczos on the harbour fixture, so 40 would not notice a wrong kernel, support or
/// centre. Matching Pillow's algorithm scores 54.6 to 58.2 dB (51.5 to 58.2 while pinboard
/// resampled in `Float` without clamping between the passes).
@Suite("lanczos3 against Pillow")
struct PillowGoldenTests {
    struct Case: Decodable, CustomTestStringConvertible, Sendable {
        let source: String
        let result: String
        let width: Int
        let height: Int
        var testDescription: String { result }
    }

    struct Index: Decodable {
        let cases: [Case]
    }

    static func loadIndex() throws -> Index {
        try Fixture.json(Index.self, at: "raster/index.json")
    }

    static let cases: [Case] = (try? loadIndex().cases) ?? []

    @Test("the index lists all six goldens")
    func index() throws {
        #expect(try Self.loadIndex().cases.count == 6)
    }

    @Test("PSNR of at least 48 dB over white", arguments: cases)
    func psnr(golden: Case) throws {
        let source = try PAMImage.read(Fixture.url("raster/" + golden.source)).image
        let (expected, hasAlpha) = try PAMImage.read(Fixture.url("raster/" + golden.result))
        #expect(expected.width == golden.width && expected.height == golden.height)

        let tile = try Resampler.resample(source, width: golden.width, height: golden.height, filter: .lanczos3)
        var band = try Band(width: golden.width, rows: 0..<golden.height, background: .white)
        band.composite(tile, at: Rect(x: 0, y: 0, width: golden.width, height: golden.height))

        var squaredError = 0.0
        var alphaSquaredError = 0.0
        for y in 0..<golden.height {
            for x in 0..<golden.width {
                let pillow = expected.color(x: x, y: y)
                let ours = band.color(x: x, y: y)
                let pillowOverWhite = OverMath.over(pillow, .white)
                for (channel, value) in [(ours.red, pillowOverWhite.red), (ours.green, pillowOverWhite.green),
                                         (ours.blue, pillowOverWhite.blue)] {
                    let difference = Double(channel) - value.rounded()
                    squaredError += difference * difference
                }
                let alphaDifference = Double(tile.color(x: x, y: y).alpha) - Double(pillow.alpha)
                alphaSquaredError += alphaDifference * alphaDifference
            }
        }
        let pixels = Double(golden.width * golden.height)
        let psnr = Self.psnr(meanSquaredError: squaredError / (3 * pixels))
        let alphaPSNR = Self.psnr(meanSquaredError: alphaSquaredError / pixels)
        print("lanczos3 vs Pillow \(golden.result): RGB over white \(Self.decibels(psnr))"
            + (hasAlpha ? ", alpha \(Self.decibels(alphaPSNR))" : ""))
        #expect(psnr >= 48)
        #expect(alphaPSNR >= 48)
    }

    static func psnr(meanSquaredError: Double) -> Double {
        meanSquaredError == 0 ? .infinity : 10 * log10(255 * 255 / meanSquaredError)
    }

    static func decibels(_ value: Double) -> String {
        value.isFinite ? String(format: "%.2f dB", value) : "identical"
    }
}
