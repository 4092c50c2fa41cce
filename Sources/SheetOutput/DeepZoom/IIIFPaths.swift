import Foundation
import ImageInput
import PinboardIO

/// Where the parts of a IIIF Image API 3 level-0 tree in the folder `FOLDER` live, as
/// `vips dzsave --layout iiif3` lays them out, so the sink that writes them and the reader
/// of its manifest agree: `FOLDER/info.json`, `FOLDER/REGION/W,H/0/default.EXT` for each
/// pyramid tile (REGION its `x,y,w,h` in the full sheet's pixels, or `full` when it covers
/// the whole sheet), and `FOLDER/pinboard-manifest.json`, the manifest.
public struct IIIFPaths: Hashable, Sendable {
    /// The tree's folder, as given.
    public let folder: String

    public init(folder: String) {
        self.folder = folder
    }

    /// The folder's own name, which libvips puts at the end of the image's `id`.
    public var name: String { (folder as NSString).lastPathComponent }

    /// The folder the tree's folder is in.
    public var parent: String { (folder as NSString).deletingLastPathComponent.isEmpty ? "." : (folder as NSString).deletingLastPathComponent }

    public static let infoName = "info.json"
    public static let manifestName = "pinboard-manifest.json"

    public var manifest: String { folder + "/" + Self.manifestName }

    /// The naming of the temporary folders, shared with `AtomicOutput`'s files.
    public var temporaryNaming: StaleTemporaryFiles { StaleTemporaryFiles(destinationName: name) }

    /// Whether `path` is a folder holding a IIIF tree's `info.json`.
    public static func isTree(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path + "/" + infoName)
    }

    /// The folder of a pyramid tile under the tree, as libvips names it: `x,y,w,h/W,H/0`, or
    /// `full/W,H/0` for the tile that is the whole sheet at its level's size.
    ///
    /// - Parameters:
    ///   - column, row: the pyramid tile's place in its level.
    ///   - scale: how many sheet pixels one of the level's pixels stands for, a power of two.
    ///   - tileSize: the side of a pyramid tile; IIIF tiles do not overlap.
    ///   - level, sheet: the level's and the full sheet's size.
    static func tileFolder(column: Int, row: Int, scale: Int, tileSize: Int,
                           level: (width: Int, height: Int), sheet: (width: Int, height: Int)) -> String {
        let left = column * tileSize * scale, top = row * tileSize * scale
        let width = min(tileSize * scale, sheet.width - left), height = min(tileSize * scale, sheet.height - top)
        let size = "\(min(tileSize, level.width - column * tileSize)),\(min(tileSize, level.height - row * tileSize))"
        let region = left == 0 && top == 0 && width == sheet.width && height == sheet.height ? "full" : "\(left),\(top),\(width),\(height)"
        return region + "/" + size + "/0"
    }

    /// The text of the manifest in the tree; nil when there is none.
    ///
    /// - Throws: `ImageError` naming the manifest's path when it exists but cannot be read.
    public func manifestText() throws(ImageError) -> String? {
        try ManifestFile.text(at: manifest)
    }
}
