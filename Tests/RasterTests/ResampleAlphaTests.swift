import Raster
import TestSupport
import Testing

/// Resampling premultiplied keeps what is under transparent pixels from bleeding into
/// the visible ones: no dark (or green) fringe along a transparent edge.
@Suite("Resampling alpha")
struct ResampleAlphaTests {
    /// The left half transparent (with a colour that must not show), the right half opaque red.
    static func halfRed(width: Int, height: Int, hiddenColor: Color) throws -> RGBAImage {
        var pixels: [UInt8] = []
        for _ in 0..<height {
            for x in 0..<width {
                let color = x < width / 2 ? hiddenColor : Color(red: 255, green: 0, blue: 0)
                pixels.append(contentsOf: [color.red, color.green, color.blue, color.alpha])
            }
        }
        return try RGBAImage(width: width, height: height, pixels: pixels)
    }

    static let sizes: [(Int, Int)] = [(7, 5), (23, 9), (40, 40), (101, 77), (150, 3)]

    @Test("no fringe along a transparent edge", arguments: ResampleFilter.allCases, sizes)
    func noFringe(filter: ResampleFilter, size: (Int, Int)) throws {
        for hidden in [Color(red: 0, green: 0, blue: 0, alpha: 0), Color(red: 0, green: 255, blue: 255, alpha: 0)] {
            let source = try Self.halfRed(width: 64, height: 32, hiddenColor: hidden)
            let tile = try Resampler.resample(source, width: size.0, height: size.1, filter: filter)
            var partlyCovered = 0
            for y in 0..<tile.height {
                for x in 0..<tile.width {
                    let pixel = tile.color(x: x, y: y)
                    guard pixel.alpha > 0 else { continue }
                    if pixel.alpha < 255 { partlyCovered += 1 }
                    #expect(pixel.red >= 254 && pixel.green <= 1 && pixel.blue <= 1, "(\(x), \(y)): \(pixel)")
                }
            }
            // Box and nearest copy pixels when enlarging, so only the tapering kernels must blend.
            if filter == .lanczos3 || filter == .bilinear {
                #expect(partlyCovered > 0, "the edge should be antialiased")
            }
        }
    }

    @Test("a fully transparent source stays fully transparent", arguments: ResampleFilter.allCases)
    func transparent(filter: ResampleFilter) throws {
        let source = try TestImages.random(width: 31, height: 17, seed: 7) { _ in 0 }
        let tile = try Resampler.resample(source, width: 12, height: 40, filter: filter)
        for y in 0..<tile.height {
            for x in 0..<tile.width {
                #expect(tile.premultiplied(x: x, y: y) == SIMD4(0, 0, 0, 0))
            }
        }
    }

    @Test("lanczos overshoot is clamped to valid premultiplied values")
    func clamped() throws {
        let source = try TestImages.random(width: 50, height: 50, seed: 3)
        for (width, height) in [(13, 13), (120, 77)] {
            let tile = try Resampler.resample(source, width: width, height: height, filter: .lanczos3)
            for y in 0..<tile.height {
                for x in 0..<tile.width {
                    let pixel = tile.premultiplied(x: x, y: y)
                    #expect(pixel[0] <= pixel[3] && pixel[1] <= pixel[3] && pixel[2] <= pixel[3])
                }
            }
        }
    }
}
