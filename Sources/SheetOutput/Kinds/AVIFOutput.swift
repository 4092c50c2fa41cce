import HEIFCodec
import ImageInput

/// AVIF: gathered whole and encoded by `AVIFSheetEncoder` (libheif, AV1), lossy at the
/// settings' quality or lossless, the manifest in a metadata item (`HEIFManifest`). Read
/// back by `AVIFFormat`; a HEIC file, which libheif reads too, is no sheet of pinboard's.
public enum AVIFOutput: OutputKind {
    public static let name = "avif"
    public static let displayName = "AVIF"
    public static let fileExtensions = ["avif"]
    public static let maxSide: Int? = nil
    public static let keepsAlpha = true
    /// Encoded whole in `finish` (`GatheringSheetSink`): the format cannot be streamed.
    public static let gathersWholeSheet = true
    public static let settings: Set<EncodeSetting> = [.quality, .lossless]
    public static let recognition = OutputRecognition.content(AVIFFormat.self)

    public static let writing = OutputWriting.stream { settings, fileDescriptor, name, _ in
        GatheringSheetSink(AVIFSheetEncoder(quality: settings.quality, lossless: settings.lossless),
                           fileDescriptor: fileDescriptor, name: name)
    }

    /// `lossless`, or the quality of a lossy one.
    public static func manifestOptions(for settings: EncodeSettings) -> [String: String] {
        settings.lossless ? ["format": name, "lossless": "true"] : ["format": name, "quality": String(settings.quality)]
    }

    public static func manifestText(path: String) throws(ImageError) -> String? {
        try HEIFManifest.text(path: path)
    }
}

extension SheetFormat {
    public static let avif = SheetFormat(AVIFOutput.self)
}
