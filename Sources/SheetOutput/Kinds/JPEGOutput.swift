import ImageInput
import JPEGCodec

/// JPEG: streamed by `JPEGSheetSink` at the settings' quality and chroma subsampling, no
/// alpha (a transparent sheet is composited over white), the manifest in an APP11 chain
/// (`JPEGManifest`).
public enum JPEGOutput: OutputKind {
    public static let name = "jpeg"
    public static let displayName = "JPEG"
    public static let fileExtensions = ["jpg", "jpeg"]
    public static let maxSide: Int? = JPEGWriter.maximumSide
    public static let keepsAlpha = false
    public static let settings: Set<EncodeSetting> = [.quality, .subsampling]
    public static let recognition = OutputRecognition.content(JPEGFormat.self)

    public static let writing = OutputWriting.stream { settings, fileDescriptor, name, _ in
        JPEGSheetSink(fileDescriptor: fileDescriptor, name: name, quality: settings.quality, subsampling: settings.subsampling)
    }

    public static func manifestOptions(for settings: EncodeSettings) -> [String: String] {
        ["format": name, "quality": String(settings.quality), "subsampling": settings.subsampling.rawValue]
    }

    public static func manifestText(path: String) throws(ImageError) -> String? {
        try JPEGManifest.text(path: path)
    }
}

extension SheetFormat {
    public static let jpeg = SheetFormat(JPEGOutput.self)
}
