/// A decoded image: 8-bit RGBA, rows top to bottom, no padding between rows.
///
/// Alpha is straight, not premultiplied: the values are exactly the PNG's samples
/// (after palette, tRNS, bit-depth and gAMA conversion), so tests can compare them
/// with any other decoder. Premultiplying is the resampler's business.
package struct RGBAImage: Sendable, Equatable {
    package let width: Int
    package let height: Int
    package var pixels: [UInt8]

    package init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "pixel count must be width × height × 4")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    package var bytesPerRow: Int { width * 4 }
}
