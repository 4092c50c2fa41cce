import ImageInput
import Testing

/// Orientation is shared by every format, so its geometry is checked here once.
@Suite("Orientation")
struct OrientationTests {
    /// A 3×2 image whose pixel (x, y) has red = 10·y + x.
    static let stored = RGBAImage(width: 3, height: 2, pixels: (0..<2).flatMap { y in
        (0..<3).flatMap { x in [UInt8(10 * y + x), 0, 0, 255] }
    })

    @Test("Each orientation turns the stored image upright", arguments: [
        (Orientation.identity, 3, [0, 1, 2, 10, 11, 12]),
        (.mirrorHorizontal, 3, [2, 1, 0, 12, 11, 10]),
        (.rotate180, 3, [12, 11, 10, 2, 1, 0]),
        (.mirrorVertical, 3, [10, 11, 12, 0, 1, 2]),
        (.transpose, 2, [0, 10, 1, 11, 2, 12]),
        (.rotate90Clockwise, 2, [10, 0, 11, 1, 12, 2]),
        (.transverse, 2, [12, 2, 11, 1, 10, 0]),
        (.rotate270Clockwise, 2, [2, 12, 1, 11, 0, 10]),
    ])
    func upright(orientation: Orientation, width: Int, reds: [UInt8]) {
        let upright = orientation.apply(to: Self.stored)
        #expect(upright.width == width)
        #expect(stride(from: 0, to: upright.pixels.count, by: 4).map { upright.pixels[$0] } == reds)
    }
}
