import ImageInput
import TIFFCodec

/// TIFF: streamed by `TIFFSheetSink` in deflated tiles at the settings' level (0 stores
/// them), the manifest as the ImageDescription (`TIFFManifest`).
public enum TIFFOutput: OutputKind {
    public static let name = "tiff"
    public static let displayName = "TIFF"
    public static let fileExtensions = ["tif", "tiff"]
    public static let maxSide: Int? = nil
    public static let keepsAlpha = true
    public static let settings: Set<EncodeSetting> = [.compression]
    public static let recognition = OutputRecognition.content(TIFFFormat.self)

    public static let writing = OutputWriting.stream { settings, fileDescriptor, name, _ in
        TIFFSheetSink(fileDescriptor: fileDescriptor, name: name, compression: settings.compression)
    }

    /// The name alone: the deflate level is recorded for every sheet, as `compression`.
    public static func manifestOptions(for settings: EncodeSettings) -> [String: String] {
        ["format": name]
    }

    public static func manifestText(path: String) throws(ImageError) -> String? {
        try TIFFManifest.text(path: path)
    }
}

extension SheetFormat {
    public static let tiff = SheetFormat(TIFFOutput.self)
}
