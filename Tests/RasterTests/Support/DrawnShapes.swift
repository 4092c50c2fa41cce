import Raster

/// Shapes drawn in memory the way a renderer anti-aliases them: each pixel inked by the
/// share of it inside the shape, sampled on a grid.
enum DrawnShapes {
    /// A `size`×`size` image of a dark blue disc on white, its edge sampled `samples`×`samples`
    /// times a pixel.
    static func disc(size: Int, centerX: Double, centerY: Double, radius: Double, samples: Int) throws -> RGBAImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(size * size * 4)
        let ink: [Double] = [30, 40, 120]
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
                let share = Double(inside) / Double(samples * samples)
                for channel in ink {
                    pixels.append(UInt8((255 + (channel - 255) * share).rounded()))
                }
                pixels.append(255)
            }
        }
        return try RGBAImage(width: size, height: size, pixels: pixels)
    }

    /// `image` with the pixel at (x, y) set to `color`.
    static func setting(_ image: RGBAImage, x: Int, y: Int, to color: Color) throws -> RGBAImage {
        var pixels = image.pixels
        let offset = (y * image.width + x) * 4
        pixels.replaceSubrange(offset..<offset + 4, with: [color.red, color.green, color.blue, color.alpha])
        return try RGBAImage(width: image.width, height: image.height, pixels: pixels)
    }
}
