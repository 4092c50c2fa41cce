/// Shapes and text inked onto white the way a renderer anti-aliases them, as straight RGBA
/// rows: each pixel takes the ink by the share of it the shape covers. Pairs drawn two ways
/// differ only at their edges, which is what anti-aliasing tolerance is tested on.
package enum InkedCoverage {
    /// The dark blue the shapes are drawn in.
    package static let ink: [Double] = [30, 40, 120]

    /// A `size`×`size` disc, its edge sampled `samples`×`samples` times a pixel.
    package static func disc(size: Int, centerX: Double, centerY: Double, radius: Double, samples: Int) -> [UInt8] {
        var shares: [Double] = []
        shares.reserveCapacity(size * size)
        for y in 0..<size {
            for x in 0..<size {
                var inside = 0
                for sy in 0..<samples {
                    for sx in 0..<samples {
                        let dx = Double(x) + (Double(sx) + 0.5) / Double(samples) - centerX
                        let dy = Double(y) + (Double(sy) + 0.5) / Double(samples) - centerY
                        if dx * dx + dy * dy <= radius * radius { inside += 1 }
                    }
                }
                shares.append(Double(inside) / Double(samples * samples))
            }
        }
        return inked(shares)
    }

    /// Coverage drawn `factor` times too large (a glyph run rendered at `factor`× the size)
    /// shrunk by averaging `factor`×`factor` blocks, after moving it `shift` samples right:
    /// the same drawing at a sub-pixel offset of `shift / factor` px. The result is
    /// `width / factor` × `height / factor` pixels.
    package static func shrunk(_ coverage: [UInt8], width: Int, height: Int, factor: Int, shift: Int) -> [UInt8] {
        let columns = width / factor
        let rows = height / factor
        var shares = [Double](repeating: 0, count: columns * rows)
        for y in 0..<rows * factor {
            for x in 0..<columns * factor where x - shift >= 0 && x - shift < width {
                shares[(y / factor) * columns + x / factor] += Double(coverage[y * width + x - shift]) / 255
            }
        }
        return inked(shares.map { $0 / Double(factor * factor) })
    }

    /// White where the share is 0, the ink where it is 1, rounded to the nearest between.
    private static func inked(_ shares: [Double]) -> [UInt8] {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(shares.count * 4)
        for share in shares {
            for channel in ink {
                pixels.append(UInt8((255 + (channel - 255) * share).rounded()))
            }
            pixels.append(255)
        }
        return pixels
    }
}
