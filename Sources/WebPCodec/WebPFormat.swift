import ImageInput

/// WebP as the registry sees it: `RIFF` and `WEBP` around the size, libwebp's header
/// probe, and the first frame decoded whole, reduced on load when the caller needs less.
public enum WebPFormat: ImageFormat {
    public static let name = "WebP"
    public static let fileExtensions = ["webp"]
    public static let signatureLength = 12

    public static func matches(_ prefix: [UInt8]) -> Bool {
        WebPHeader.looksLikeWebP(firstBytes: prefix)
    }

    public static func probe(_ source: some ByteSource, path: String, limits: DecodeLimits) throws(ImageError) -> ImageInfo {
        let header = try WebPHeader.probe(source, path: path, limits: limits)
        return ImageInfo(format: name, width: header.width, height: header.height,
                         hasAlpha: header.hasAlpha, color: header.iccProfile.map(ColorDescription.icc))
    }

    public static func openRows(
        path: String, info: ImageInfo, minimumSize: (width: Int, height: Int)?, limits: DecodeLimits
    ) throws(ImageError) -> any ImageRowReader {
        try WebPRowReader(path: path, minimumSize: minimumSize, limits: limits)
    }
}
