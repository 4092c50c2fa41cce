import Raster

/// Images that the tests build in memory, as Raster's images (`Raster.RGBAImage`).
package enum TestImages {
    /// Every pixel `color`.
    package static func solid(_ color: Color, width: Int, height: Int) throws -> Raster.RGBAImage {
        let pixel = [color.red, color.green, color.blue, color.alpha]
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for index in pixels.indices {
            pixels[index] = pixel[index & 3]
        }
        return try Raster.RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Random pixels; `alpha` decides each pixel's alpha (by default random too).
    package static func random(
        width: Int, height: Int, seed: UInt64, alpha: ((inout SplitMix64) -> UInt8)? = nil
    ) throws -> Raster.RGBAImage {
        var generator = SplitMix64(seed: seed)
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for _ in 0..<(width * height) {
            for _ in 0..<3 {
                pixels.append(UInt8.random(in: 0...255, using: &generator))
            }
            pixels.append(alpha?(&generator) ?? UInt8.random(in: 0...255, using: &generator))
        }
        return try Raster.RGBAImage(width: width, height: height, pixels: pixels)
    }
}
