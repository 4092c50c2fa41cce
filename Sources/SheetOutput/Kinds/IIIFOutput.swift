import ImageInput
import PinboardIO

/// A IIIF Image API 3 level-0 tree in a folder (`IIIFPaths`), built by `IIIFSink` as the
/// bands pass; chosen by `--format iiif` only, and told by the `info.json` in its folder.
/// Its pyramid tiles do not overlap, so the overlap setting is not read.
public enum IIIFOutput: OutputKind {
    public static let name = "iiif"
    public static let displayName = "IIIF"
    public static let fileExtensions: [String] = []
    public static let maxSide: Int? = nil
    public static let keepsAlpha = true
    public static let settings: Set<EncodeSetting> = [.tileSize, .tileFormat, .quality, .iiifBaseID]
    public static let recognition = OutputRecognition.path { path in IIIFPaths.isTree(path) }

    public static let writing = OutputWriting.folder { settings, path throws(WriteError) in
        try IIIFSink(folder: path, settings: settings.deepZoom, quality: settings.quality,
                     baseID: settings.iiifBaseID ?? IIIFSink.defaultID)
    }

    /// The pyramid tiles' settings; the base `id` is not recorded.
    public static func manifestOptions(for settings: EncodeSettings) -> [String: String] {
        settings.deepZoom.manifestOptions(quality: settings.quality).merging(["format": name]) { $1 }
    }

    public static func manifestText(path: String) throws(ImageError) -> String? {
        try IIIFPaths(folder: path).manifestText()
    }
}

extension SheetFormat {
    /// A IIIF Image API 3 level-0 tree in a folder (`IIIFSink`), chosen by `--format iiif` only.
    public static let iiif = SheetFormat(IIIFOutput.self)
}
