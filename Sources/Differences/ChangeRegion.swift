import Geometry


/// One area of a plain-image diff where pixels changed, as `ChangeRegions` groups them.
///
/// Only this module makes regions, so the memberwise initialiser stays internal.
public struct ChangeRegion: Sendable, Hashable, Encodable {
    /// The smallest rect holding every changed pixel of the region: the pixels themselves,
    /// not the cells that grouped them, so a one-pixel change has a 1×1 box.
    public var bounds: Rect
    /// The changed pixels in the region; unchanged pixels inside `bounds` do not count.
    public var changedPixels: Int
    /// The largest channel difference of the region's changed pixels, 0…255.
    public var maxChannelDifference: Int

    /// Takes in the pixels of another region, when the two turn out to be one.
    mutating func merge(_ other: ChangeRegion) {
        bounds = bounds.union(other.bounds)
        changedPixels += other.changedPixels
        maxChannelDifference = max(maxChannelDifference, other.maxChannelDifference)
    }

    private enum CodingKeys: String, CodingKey {
        case changedPixels, maxChannelDifference
    }

    /// Flat, as `pinboard diff --json` writes a region: the bounds' `x`, `y`, `width` and
    /// `height` beside the counts, not nested under a key of their own.
    public func encode(to encoder: any Encoder) throws {
        try bounds.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(changedPixels, forKey: .changedPixels)
        try container.encode(maxChannelDifference, forKey: .maxChannelDifference)
    }
}
