import ImageInput
import TestSupport

/// `Fixtures/heif/` and its pillow-heif goldens.
enum Fixture: FormatFixtures {
    static let folder = "heif"

    /// `image` reduced to `width` × `height` by averaging the source pixels under each target pixel.
    static func boxShrink(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        var pixels = [UInt8]()
        for y in 0..<height {
            for x in 0..<width {
                let xs = (x * image.width / width)..<max((x + 1) * image.width / width, x * image.width / width + 1)
                let ys = (y * image.height / height)..<max((y + 1) * image.height / height, y * image.height / height + 1)
                for channel in 0..<4 {
                    var sum = 0
                    for sy in ys { for sx in xs { sum += Int(image.pixels[(sy * image.width + sx) * 4 + channel]) } }
                    pixels.append(UInt8((sum + xs.count * ys.count / 2) / (xs.count * ys.count)))
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// `image` mirrored left to right.
    static func mirrored(_ image: RGBAImage) -> RGBAImage {
        Orientation.mirrorHorizontal.apply(to: image)
    }
}
