import Geometry
import Layout
import Pinboard
import SheetManifest

/// One side of a comparison: an image as it sits on a sheet, or a file in a folder.
public struct ComparedImage: Sendable, Hashable, Encodable {
    /// What pairs it with its namesake on the other side (`Manifest.Item.pairingKey`, or the
    /// path below the folder compared).
    public let name: String
    /// The source's path on this side, as its sheet's manifest or the folder scan gives it.
    public let source: String
    /// Where its tile is on the sheet; nil for a file compared from a folder.
    public let rect: Rect?
    /// The size of the pixels compared: the tile's, or the upright image's.
    public let size: Size
    /// The SHA-256 of the source file, as its sheet's manifest records it; nil for a file
    /// compared from a folder and for manifests older than 0.2.0.
    public let sha256: String?

    public init(name: String, source: String, rect: Rect?, size: Size, sha256: String? = nil) {
        self.name = name
        self.source = source
        self.rect = rect
        self.size = size
        self.sha256 = sha256
    }

    init(item: Manifest.Item) {
        self.init(
            name: item.pairingKey, source: item.source, rect: item.rect, size: Size(width: item.width, height: item.height),
            sha256: item.sha256)
    }
}
