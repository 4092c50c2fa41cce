import ImageInput
import WebPCodec

/// WebP: gathered whole and encoded by `WebPSheetEncoder`, lossy at the settings' quality
/// or lossless, the manifest in a `PBMF` chunk (`WebPManifest`).
public enum WebPOutput: OutputKind {
    public static let name = "webp"
    public static let displayName = "WebP"
    public static let fileExtensions = ["webp"]
    public static let maxSide: Int? = WebPWriter.maximumSide
    public static let keepsAlpha = true
    /// Encoded whole in `finish` (`GatheringSheetSink`): the format cannot be streamed.
    public static let gathersWholeSheet = true
    public static let settings: Set<EncodeSetting> = [.quality, .lossless]
    public static let recognition = OutputRecognition.content(WebPFormat.self)

    public static let writing = OutputWriting.stream { settings, fileDescriptor, name, _ in
        GatheringSheetSink(WebPSheetEncoder(quality: settings.quality, lossless: settings.lossless),
                           fileDescriptor: fileDescriptor, name: name)
    }

    /// `lossless`, or the quality of a lossy one.
    public static func manifestOptions(for settings: EncodeSettings) -> [String: String] {
        settings.lossless ? ["format": name, "lossless": "true"] : ["format": name, "quality": String(settings.quality)]
    }

    public static func manifestText(path: String) throws(ImageError) -> String? {
        try WebPManifest.text(path: path)
    }
}

extension SheetFormat {
    public static let webp = SheetFormat(WebPOutput.self)
}
