/// A resampled tile's pixels: premultiplied RGBA at 16 bits a channel, rows top to bottom.
///
/// A tile lives while the bands it crosses are composed, so it is kept small: 8 bytes a
/// pixel. Eight bits of premultiplied colour would not do: at alpha 1/255 a premultiplied
/// channel could only be 0 or 1, and un-premultiplying would snap the colour to black or
/// full. Sixteen bits keep compositing within ±1 of exact arithmetic at every alpha.
///
/// Each value is a fraction of 65535; every colour channel is at most its pixel's alpha.
package struct TilePixels: Hashable, Sendable {
    package let width: Int
    package let height: Int
    /// `width × height × 4` values, red, green, blue, alpha.
    var storage: [UInt16]

    /// The value of full coverage.
    package static let unit: UInt16 = 65535

    /// A fully transparent tile, to be filled by a `Resampler`.
    ///
    /// - Throws: `RasterError.invalidSize` for a side under 1 px.
    package init(width: Int, height: Int) throws(RasterError) {
        guard width > 0, height > 0 else { throw .invalidSize(width: width, height: height) }
        self.width = width
        self.height = height
        self.storage = [UInt16](repeating: 0, count: width * height * 4)
    }

    /// The image's pixels as they are, premultiplied without resampling.
    package init(_ image: RGBAImage) {
        self.width = image.width
        self.height = image.height
        var storage = [UInt16](repeating: 0, count: image.width * image.height * 4)
        image.pixels.withUnsafeBufferPointer { source in
            storage.withUnsafeMutableBufferPointer { target in
                for pixel in 0..<(image.width * image.height) {
                    let premultiplied = TilePixels.premultiplied(
                        Color(
                            red: source[pixel * 4], green: source[pixel * 4 + 1],
                            blue: source[pixel * 4 + 2], alpha: source[pixel * 4 + 3]))
                    for channel in 0..<4 {
                        target[pixel * 4 + channel] = premultiplied[channel]
                    }
                }
            }
        }
        self.storage = storage
    }

    /// The pixel at column `x`, row `y`, premultiplied, each channel a fraction of `unit`.
    package func premultiplied(x: Int, y: Int) -> SIMD4<UInt16> {
        let offset = (y * width + x) * 4
        return SIMD4(storage[offset], storage[offset + 1], storage[offset + 2], storage[offset + 3])
    }

    /// The pixel at column `x`, row `y` with straight alpha, each channel rounded to 8 bits.
    ///
    /// A pixel with no coverage is transparent black.
    package func color(x: Int, y: Int) -> Color {
        let pixel = SIMD4<UInt32>(truncatingIfNeeded: premultiplied(x: x, y: y))
        let alpha = pixel[3]
        guard alpha > 0 else { return .transparent }
        func straight(_ value: UInt32) -> UInt8 {
            UInt8((value * 510 + alpha) / (2 * alpha))
        }
        return Color(
            red: straight(pixel[0]), green: straight(pixel[1]), blue: straight(pixel[2]),
            alpha: UInt8((alpha + 128) / 257))
    }

    /// Whether every pixel is fully covered; it reads the whole tile.
    package var isOpaque: Bool {
        storage.withUnsafeBufferPointer { values in
            var index = 3
            while index < values.count {
                if values[index] != TilePixels.unit { return false }
                index += 4
            }
            return true
        }
    }

    /// A straight 8-bit colour premultiplied to 16 bits, rounded to nearest.
    static func premultiplied(_ color: Color) -> SIMD4<UInt16> {
        let alpha = UInt32(color.alpha)
        // c·a/255² of 65535 is c·a·257/255, since 65535 = 255·257.
        func channel(_ value: UInt8) -> UInt16 {
            UInt16((UInt32(value) * alpha * 257 + 127) / 255)
        }
        return SIMD4(channel(color.red), channel(color.green), channel(color.blue), UInt16(alpha * 257))
    }
}
