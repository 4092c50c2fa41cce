import Raster
import TestSupport

/// Images that the tests build in memory.
enum TestImages {
    /// Every pixel `color`.
    static func solid(_ color: Color, width: Int, height: Int) throws -> RGBAImage {
        let pixel = [color.red, color.green, color.blue, color.alpha]
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for index in pixels.indices {
            pixels[index] = pixel[index & 3]
        }
        return try RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Random pixels; `alpha` decides each pixel's alpha (by default random too).
    static func random(
        width: Int, height: Int, seed: UInt64, alpha: ((inout SplitMix64) -> UInt8)? = nil
    ) throws -> RGBAImage {
        var generator = SplitMix64(seed: seed)
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for _ in 0..<(width * height) {
            for _ in 0..<3 {
                pixels.append(UInt8.random(in: 0...255, using: &generator))
            }
            pixels.append(alpha?(&generator) ?? UInt8.random(in: 0...255, using: &generator))
        }
        return try RGBAImage(width: width, height: height, pixels: pixels)
    }
}
