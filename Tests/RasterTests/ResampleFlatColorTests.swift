import Raster
import TestSupport
import Testing

/// A flat colour must stay exactly that colour, at every size, edges included: the weights
/// of each destination pixel must add up to one.
@Suite("Resampling a flat colour")
struct ResampleFlatColorTests {
    struct Resize: CustomTestStringConvertible, Sendable {
        let sourceWidth: Int, sourceHeight: Int, width: Int, height: Int
        var testDescription: String { "\(sourceWidth)x\(sourceHeight) to \(width)x\(height)" }
    }

    static let resizes: [Resize] = [
        (1, 1, 1, 1), (1, 1, 7, 5), (2, 3, 1, 1), (2, 3, 9, 13), (7, 5, 3, 2), (33, 1, 4, 1),
        (1, 40, 3, 17), (64, 48, 17, 13), (64, 48, 64, 48), (64, 48, 96, 72), (151, 99, 50, 37),
        (151, 99, 29, 200), (120, 90, 241, 179), (230, 170, 5, 4), (97, 145, 203, 152),
    ].map { Resize(sourceWidth: $0.0, sourceHeight: $0.1, width: $0.2, height: $0.3) }

    static let opaqueColors: [Color] = [
        Color(red: 0, green: 0, blue: 0), Color(red: 255, green: 255, blue: 255),
        Color(red: 12, green: 200, blue: 255), Color(red: 1, green: 254, blue: 128),
    ]

    @Test("an opaque colour stays exactly that colour", arguments: ResampleFilter.allCases, resizes)
    func opaque(filter: ResampleFilter, resize: Resize) throws {
        for color in Self.opaqueColors {
            let source = try TestImages.solid(color, width: resize.sourceWidth, height: resize.sourceHeight)
            let tile = try Resampler.resample(source, width: resize.width, height: resize.height, filter: filter)
            #expect(tile.width == resize.width && tile.height == resize.height)
            var wrong: [String] = []
            for y in 0..<tile.height {
                for x in 0..<tile.width where tile.color(x: x, y: y) != color {
                    wrong.append("(\(x), \(y)): \(tile.color(x: x, y: y))")
                }
            }
            #expect(wrong.isEmpty, "\(color): \(wrong.prefix(5))")
            #expect(tile.isOpaque)
        }
    }

    @Test("a translucent colour keeps its colour and alpha", arguments: ResampleFilter.allCases, resizes)
    func translucent(filter: ResampleFilter, resize: Resize) throws {
        for color in [Color(red: 200, green: 100, blue: 50, alpha: 128), Color(red: 255, green: 0, blue: 7, alpha: 3)] {
            let source = try TestImages.solid(color, width: resize.sourceWidth, height: resize.sourceHeight)
            let tile = try Resampler.resample(source, width: resize.width, height: resize.height, filter: filter)
            var wrong: [String] = []
            for y in 0..<tile.height {
                for x in 0..<tile.width {
                    let pixel = tile.color(x: x, y: y)
                    if pixel.alpha != color.alpha || abs(Int(pixel.red) - Int(color.red)) > 1
                        || abs(Int(pixel.green) - Int(color.green)) > 1 || abs(Int(pixel.blue) - Int(color.blue)) > 1
                    {
                        wrong.append("(\(x), \(y)): \(pixel)")
                    }
                }
            }
            #expect(wrong.isEmpty, "\(color): \(wrong.prefix(5))")
        }
    }
}
