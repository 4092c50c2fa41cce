import Foundation
import ImageInput

/// How far two decodes of one picture are apart, as the codec tests measure it against
/// their references.
package enum PixelComparison {
    /// The largest difference between two images' samples.
    package static func worstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    package static func worstDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        worstDifference(a.pixels, b.pixels)
    }

    /// Peak signal-to-noise ratio over every sample, in dB; infinity for equal images.
    package static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        precondition(a.count == b.count, "PSNR of images of different sizes")
        let squared = zip(a, b).reduce(0.0) { total, pair in
            let difference = Double(pair.0) - Double(pair.1)
            return total + difference * difference
        }
        guard squared > 0 else { return .infinity }
        return 10 * log10(255 * 255 / (squared / Double(a.count)))
    }

    package static func psnr(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        precondition(a.width == b.width && a.height == b.height, "PSNR of images of different sizes")
        return psnr(a.pixels, b.pixels)
    }
}
