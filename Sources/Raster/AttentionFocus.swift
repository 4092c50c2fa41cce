import Foundation
import Geometry

/// Where a crop keeps the busiest part of a tile, as libvips's `smartcrop` with
/// `interesting: attention` chooses it (after smartcrop.js).
///
/// The tile is averaged down to at most 32×32 cells; each cell scores the sum of three
/// cues, all on the cell's CIE XYZ (D65, Y of white 100): edges, `5 · |Laplacian of Y|`;
/// skin, `100 − 100 · ‖XYZ / ‖XYZ‖ − (0.78, 0.57, 0.44)‖`; saturation, CIELAB's a*. Cells
/// darker than Y 5 score no skin and no saturation. The scores are blurred by a Gaussian
/// whose σ is a tenth of the kept size's diagonal in cells (at least 1), the first
/// largest cell in reading order is the point of attention, and the crop is centred on it,
/// moved inside the tile where it would leave it.
///
/// libvips shrinks with its resampler and convolves at integer precision; the box average
/// and floating-point scores here can pick a neighbouring cell where two score alike.
package enum AttentionFocus {
    /// Cells across each side of the score grid (fewer when the tile is smaller).
    static let gridSide = 32

    /// The top-left corner of the `kept` part of `tile` that keeps its point of attention.
    ///
    /// - Parameter kept: the crop's size, at most the tile's on each side.
    package static func origin(in tile: TilePixels, keeping kept: Size) -> (x: Int, y: Int) {
        let columns = min(gridSide, tile.width)
        let rows = min(gridSide, tile.height)
        let xyz = cellColors(of: tile, columns: columns, rows: rows)
        var scores = [Double](repeating: 0, count: columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                let here = xyz[row * columns + column]
                let luminance = here.y
                var laplacian = 4 * luminance
                for (dx, dy) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    let x = min(max(column + dx, 0), columns - 1)
                    let y = min(max(row + dy, 0), rows - 1)
                    laplacian -= xyz[y * columns + x].y
                }
                var score = 5 * abs(laplacian)
                if luminance > 5 {
                    score += skin(here) + saturation(here)
                }
                scores[row * columns + column] = score
            }
        }
        let horizontalScale = Double(columns) / Double(tile.width)
        let verticalScale = Double(rows) / Double(tile.height)
        let diagonal = hypot(Double(kept.width) * horizontalScale, Double(kept.height) * verticalScale)
        let blurred = blur(scores, columns: columns, rows: rows, sigma: max(diagonal / 10, 1))
        var best = 0
        for cell in blurred.indices where blurred[cell] > blurred[best] { best = cell }
        let attentionX = Int(Double(best % columns) / horizontalScale)
        let attentionY = Int(Double(best / columns) / verticalScale)
        return (
            x: min(max(attentionX - kept.width / 2, 0), tile.width - kept.width),
            y: min(max(attentionY - kept.height / 2, 0), tile.height - kept.height)
        )
    }

    /// Each cell's mean colour in XYZ: the premultiplied samples (so transparency reads as
    /// black) averaged over the cell's pixels, then decoded from sRGB.
    private static func cellColors(of tile: TilePixels, columns: Int, rows: Int) -> [SIMD3<Double>] {
        var colors: [SIMD3<Double>] = []
        colors.reserveCapacity(columns * rows)
        for row in 0..<rows {
            let top = row * tile.height / rows
            let bottom = (row + 1) * tile.height / rows
            for column in 0..<columns {
                let left = column * tile.width / columns
                let right = (column + 1) * tile.width / columns
                var sum = SIMD3<Double>(repeating: 0)
                for y in top..<bottom {
                    for x in left..<right {
                        let pixel = tile.premultiplied(x: x, y: y)
                        sum += SIMD3(Double(pixel[0]), Double(pixel[1]), Double(pixel[2]))
                    }
                }
                let mean = sum / (Double((bottom - top) * (right - left)) * Double(TilePixels.unit))
                colors.append(xyz(ofSRGB: mean))
            }
        }
        return colors
    }

    /// sRGB (0…1) to CIE XYZ under D65, Y of white 100.
    private static func xyz(ofSRGB encoded: SIMD3<Double>) -> SIMD3<Double> {
        func linear(_ value: Double) -> Double {
            value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        let r = linear(encoded.x), g = linear(encoded.y), b = linear(encoded.z)
        return 100 * SIMD3(
            0.4124 * r + 0.3576 * g + 0.1805 * b,
            0.2126 * r + 0.7152 * g + 0.0722 * b,
            0.0193 * r + 0.1192 * g + 0.9505 * b)
    }

    /// How near the colour's direction in XYZ is to smartcrop.js's skin tone, 100 on it.
    private static func skin(_ xyz: SIMD3<Double>) -> Double {
        let length = (xyz * xyz).sum().squareRoot()
        guard length > 0 else { return 0 }
        let offset = xyz / length - SIMD3(0.78, 0.57, 0.44)
        return 100 - 100 * (offset * offset).sum().squareRoot()
    }

    /// CIELAB's a* of the colour (white D65): red-green saturation, as libvips takes it.
    private static func saturation(_ xyz: SIMD3<Double>) -> Double {
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        return 500 * (f(xyz.x / 95.047) - f(xyz.y / 100))
    }

    /// A separable Gaussian blur with edges extended, the kernel 3σ wide each side.
    private static func blur(_ values: [Double], columns: Int, rows: Int, sigma: Double) -> [Double] {
        let radius = Int((3 * sigma).rounded(.up))
        let weights = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = weights.reduce(0, +)
        func pass(_ input: [Double], along horizontal: Bool) -> [Double] {
            var output = input
            for row in 0..<rows {
                for column in 0..<columns {
                    var sum = 0.0
                    for (step, weight) in zip(-radius...radius, weights) {
                        let x = horizontal ? min(max(column + step, 0), columns - 1) : column
                        let y = horizontal ? row : min(max(row + step, 0), rows - 1)
                        sum += weight * input[y * columns + x]
                    }
                    output[row * columns + column] = sum / total
                }
            }
            return output
        }
        return pass(pass(values, along: true), along: false)
    }
}
