import CImageStatus
import Geometry

/// What an encoder of a whole image held in memory (`WebPWriter`, `AVIFWriter`) is asked
/// for: the image's size and layout, a lossy quality or lossless, and the name errors give
/// the output.
///
/// Their shims declare one encode call alike (`CIMAGE_DECLARE_ENCODER`), so this value
/// also makes that call, and the two writers differ only in what their formats add.
package struct WholeImageEncoding: Sendable {
    package let width: Int
    package let height: Int
    package let channels: ChannelLayout
    package let quality: Int
    package let lossless: Bool
    package let name: String

    /// - Parameters:
    ///   - quality: 1 to 100, for lossy files.
    ///   - lossless: exact pixels.
    ///   - name: what errors call the output.
    package init(width: Int, height: Int, channels: ChannelLayout, quality: Int, lossless: Bool, name: String) {
        precondition((1...100).contains(quality), "quality is 1 to 100")
        (self.width, self.height, self.channels, self.name) = (width, height, channels, name)
        (self.quality, self.lossless) = (quality, lossless)
    }

    package var bytesPerRow: Int { width * channels.channelCount }

    /// Hands `pixels` (rows of `bytesPerRow`, top to bottom, no gap) to a shim's encode:
    /// the pixels, width, height, stride, has_alpha, quality and lossless, as
    /// `CIMAGE_DECLARE_ENCODER` orders them.
    package func encode(
        _ pixels: [UInt8], through encode: (UnsafePointer<UInt8>?, UInt32, UInt32, Int, Int32, Int32, Int32) -> cimage_status
    ) -> cimage_status {
        precondition(pixels.count == bytesPerRow * height, "pixels are height rows of bytesPerRow")
        return pixels.withUnsafeBufferPointer { rows in
            encode(rows.baseAddress, UInt32(width), UInt32(height), bytesPerRow, channels == .rgba ? 1 : 0,
                   Int32(quality), lossless ? 1 : 0)
        }
    }
}
