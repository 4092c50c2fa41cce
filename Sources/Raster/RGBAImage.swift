/// A whole image in memory: 8-bit RGBA with straight alpha, rows top to bottom, no padding.
///
/// Sheets never hold their sources whole; this exists for small images and for tests,
/// which resample it through the same streaming path a decoder feeds row by row.
package struct RGBAImage: Hashable, Sendable {
    package let width: Int
    package let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha.
    package let pixels: [UInt8]

    /// - Throws: `RasterError.invalidSize` for a side under 1 px, or
    ///   `RasterError.pixelBufferSize` when `pixels` is not exactly `width × height × 4` bytes.
    package init(width: Int, height: Int, pixels: [UInt8]) throws(RasterError) {
        guard width > 0, height > 0 else { throw .invalidSize(width: width, height: height) }
        guard pixels.count == width * height * 4 else {
            throw .pixelBufferSize(byteCount: pixels.count, width: width, height: height)
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at column `x`, row `y`.
    package func color(x: Int, y: Int) -> Color {
        let offset = (y * width + x) * 4
        return Color(red: pixels[offset], green: pixels[offset + 1], blue: pixels[offset + 2], alpha: pixels[offset + 3])
    }
}
