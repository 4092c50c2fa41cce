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
/// intermediate loses colour precision where alpha is low. Where the pass across makes an
/// opaque pixel both round it to whole levels; elsewhere pinboard keeps 1/128 of a level.
///
/// The bar is 55 dB: Pillow's own bicubic scores 43 dB against its lanczos on the harbour
/// fixture, so a looser bar would not notice a wrong kernel, support or centre, and keeping
/// 1/128 of a level between the passes for opaque pixels too scored 54.6 dB on the enlarged
/// stripes. Matching Pillow's rounding scores 68.8 to 71.8 dB on the opaque fixtures (14-bit
/// weights where Pillow's are 22) and 57.7 to 57.9 dB over white on the cut-out.
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

    @Test("PSNR of at least 55 dB over white", arguments: cases)
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
        #expect(psnr >= 55)
        #expect(alphaPSNR >= 55)
    }

    static func psnr(meanSquaredError: Double) -> Double {
        meanSquaredError == 0 ? .infinity : 10 * log10(255 * 255 / meanSquaredError)
    }

    static func decibels(_ value: Double) -> String {
        value.isFinite ? String(format: "%.2f dB", value) : "identical"
    }
}
