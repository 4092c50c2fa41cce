import Foundation
import ImageInput
import PinboardIO

/// Where the parts of a Deep Zoom pyramid named `NAME.dzi` live, so the sink that writes
/// them and the reader of its manifest agree: `NAME.dzi` (the XML OpenSeadragon reads),
/// `NAME_files/LEVEL/COLUMN_ROW.EXT` (the pyramid tiles, libvips's layout) and
/// `NAME.manifest.json`, the manifest beside them: a pyramid has no one file to embed it
/// in, and a sibling of the `.dzi` is found from the `.dzi`'s path alone.
public struct DeepZoomPaths: Hashable, Sendable {
    /// The `.dzi` file's path, as given.
    public let descriptor: String

    public init(descriptor: String) {
        self.descriptor = descriptor
    }

    /// The folder the pyramid is written in.
    public var folder: String { (descriptor as NSString).deletingLastPathComponent.nonEmpty ?? "." }

    /// `NAME`: the `.dzi`'s name without its ending.
    public var baseName: String { ((descriptor as NSString).lastPathComponent as NSString).deletingPathExtension }

    /// `NAME_files`, the folder of levels.
    public var tilesFolderName: String { baseName + "_files" }

    /// `NAME.manifest.json`.
    public var manifestName: String { baseName + ".manifest.json" }

    /// The `.dzi`'s own name, `NAME.dzi`.
    public var descriptorName: String { (descriptor as NSString).lastPathComponent }

    public var tilesFolder: String { folder + "/" + tilesFolderName }
    public var manifest: String { folder + "/" + manifestName }

    /// The temporary folder a write by process `pid` fills before renaming its parts into
    /// place: `.NAME.pinboard-PID.tmp`, as `AtomicOutput` names a temporary file.
    public func temporaryFolder(pid: Int32, attempt: Int) -> String {
        folder + "/" + temporaryNaming.name(pid: pid, attempt: attempt)
    }

    /// The naming of the temporary folders, shared with `AtomicOutput`'s files, so that a
    /// later write removes the folders of runs that were killed.
    public var temporaryNaming: StaleTemporaryFiles { StaleTemporaryFiles(destinationName: baseName) }

    /// The text of the manifest beside the `.dzi`; nil when there is none.
    ///
    /// - Throws: `ImageError` naming the manifest's path when it exists but cannot be read.
    public func manifestText() throws(ImageError) -> String? {
        try ManifestFile.text(at: manifest)
    }
}

private extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
