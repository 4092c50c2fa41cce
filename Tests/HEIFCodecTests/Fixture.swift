import Foundation
import ImageInput

/// Paths into `Fixtures/heif/` and its pillow-heif goldens, found from this file so tests run from any directory.
enum Fixture {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/heif")

    static func path(_ name: String) -> String {
        root.appendingPathComponent(name).path
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: path(name))))
    }

    /// The reference decode `golden/<name>.rgba`, with its size from `golden/index.json`.
    static func golden(_ name: String) throws -> RGBAImage {
        let index = try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("golden/index.json")))
        let entry = (index as? [String: [String: Int]])?[name] ?? [:]
        return RGBAImage(width: entry["width"] ?? 0, height: entry["height"] ?? 0, pixels: try bytes("golden/\(name).rgba"))
    }

    /// Peak signal-to-noise ratio over all four channels, in dB; infinity for identical images.
    static func psnr(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        precondition(a.width == b.width && a.height == b.height, "PSNR of images of different sizes")
        let squared = zip(a.pixels, b.pixels).reduce(0.0) { sum, pair in
            let difference = Double(Int(pair.0) - Int(pair.1))
            return sum + difference * difference
        }
        guard squared > 0 else { return .infinity }
        return 10 * log10(255 * 255 / (squared / Double(a.pixels.count)))
    }

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
