import Layout
import Pinboard
import Raster

/// A pair of images with the same name whose pixels differ beyond the threshold, or whose
/// sizes differ (then nothing is compared: `difference` is nil).
public struct TileChange: Sendable, Hashable {
    public let a: ComparedImage
    public let b: ComparedImage
    /// The statistics of the pixel comparison; nil when the sizes differ.
    public let difference: PixelDifference?

    public var name: String { b.name }
    public var isResized: Bool { a.size != b.size }
}
