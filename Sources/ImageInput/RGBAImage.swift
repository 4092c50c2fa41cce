/// A decoded image: 8-bit RGBA, rows top to bottom, no padding between rows.
///
/// Alpha is straight, not premultiplied: the values are exactly the PNG's samples
/// (after palette, tRNS, bit-depth and gAMA conversion), so tests can compare them
/// with any other decoder. Premultiplying is the resampler's business.
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "pixel count must be width × height × 4")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public var bytesPerRow: Int { width * 4 }
}
