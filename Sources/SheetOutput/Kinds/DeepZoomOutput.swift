import ImageInput
import PinboardIO

/// A Deep Zoom pyramid: `NAME.dzi`, a folder of pyramid tiles and the manifest beside them
/// (`DeepZoomPaths`), built by `DeepZoomSink` as the bands pass. It is told by its name's
/// ending, since the `.dzi` is XML no image reader opens.
public enum DeepZoomOutput: OutputKind {
    public static let name = "dzi"
    public static let displayName = "Deep Zoom"
    public static let fileExtensions = ["dzi"]
    public static let maxSide: Int? = nil
    public static let keepsAlpha = true
    public static let settings: Set<EncodeSetting> = [.tileSize, .tileOverlap, .tileFormat, .quality]
    public static let recognition = OutputRecognition.path { path in
        OutputRegistry.ending(of: path).map(fileExtensions.contains) ?? false
    }

    public static let writing = OutputWriting.folder { settings, path throws(WriteError) in
        try DeepZoomSink(path: path, settings: settings.deepZoom, quality: settings.quality)
    }

    public static func manifestOptions(for settings: EncodeSettings) -> [String: String] {
        settings.deepZoom.manifestOptions(quality: settings.quality)
            .merging(["format": name, "tileOverlap": String(settings.deepZoom.overlap)]) { $1 }
    }

    public static func manifestText(path: String) throws(ImageError) -> String? {
        try DeepZoomPaths(descriptor: path).manifestText()
    }
}

extension SheetFormat {
    /// A Deep Zoom pyramid: `NAME.dzi` and a folder of pyramid tiles (`DeepZoomSink`), not one file.
    public static let dzi = SheetFormat(DeepZoomOutput.self)
}
