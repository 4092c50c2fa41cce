import Raster
import TestSupport

/// TestSupport's inked shapes as Raster images.
enum DrawnShapes {
    /// A `size`×`size` dark blue disc on white (`InkedCoverage.disc`).
    static func disc(size: Int, centerX: Double, centerY: Double, radius: Double, samples: Int) throws -> RGBAImage {
        try RGBAImage(
            width: size, height: size,
            pixels: InkedCoverage.disc(size: size, centerX: centerX, centerY: centerY, radius: radius, samples: samples))
    }

    /// `image` with the pixel at (x, y) set to `color`.
    static func setting(_ image: RGBAImage, x: Int, y: Int, to color: Color) throws -> RGBAImage {
        var pixels = image.pixels
        let offset = (y * image.width + x) * 4
        pixels.replaceSubrange(offset..<offset + 4, with: [color.red, color.green, color.blue, color.alpha])
        return try RGBAImage(width: image.width, height: image.height, pixels: pixels)
    }
}
