import ImageInput
import PNGCodec

/// PNG: streamed by `PNGSheetSink`, every setting but the deflate level ignored, the
/// manifest in iTXt chunks (`ManifestChunk`). The format of a sheet on standard output.
public enum PNGOutput: OutputKind {
    public static let name = "png"
    public static let displayName = "PNG"
    public static let fileExtensions = ["png"]
    /// PNG's sides are 31-bit.
    public static let maxSide: Int? = 0x7FFF_FFFF
    public static let keepsAlpha = true
    public static let settings: Set<EncodeSetting> = [.compression]
    public static let recognition = OutputRecognition.content(PNGFormat.self)

    public static let writing = OutputWriting.stream { settings, fileDescriptor, name, threads in
        PNGSheetSink(fileDescriptor: fileDescriptor, name: name, compression: settings.compression, threads: threads)
    }

    /// Nothing: a PNG sheet's options stay as they were before the other formats, so its
    /// bytes do (the deflate level is recorded for every sheet, as `compression`).
    public static func manifestOptions(for settings: EncodeSettings) -> [String: String] {
        [:]
    }

    /// The text of every chunk with `ManifestChunk.keyword`, found by walking the chunk
    /// headers and joined in file order, at most `ManifestChunk.totalLimit` bytes in all.
    public static func manifestText(path: String) throws(ImageError) -> String? {
        let texts = try PNGText.readAll(keyword: ManifestChunk.keyword, path: path, totalLimit: ManifestChunk.totalLimit)
        return texts.isEmpty ? nil : texts.map(\.text).joined()
    }
}

extension SheetFormat {
    public static let png = SheetFormat(PNGOutput.self)
}
