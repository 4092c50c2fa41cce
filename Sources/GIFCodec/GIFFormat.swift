import ImageInput

/// GIF as the registry sees it: `GIF87a` or `GIF89a`, a probe walking to the first image
/// descriptor, and giflib's rows of the first frame on its transparent logical screen.
public enum GIFFormat: ImageFormat {
    public static let name = "GIF"
    public static let fileExtensions = ["gif"]
    public static let signatureLength = 6

    public static func matches(_ prefix: [UInt8]) -> Bool {
        GIFHeader.looksLikeGIF(firstBytes: prefix)
    }

    public static func probe(_ source: some ByteSource, path: String, limits: DecodeLimits) throws(ImageError) -> ImageInfo {
        let header = try GIFHeader.probe(source, path: path, limits: limits)
        return ImageInfo(format: name, width: header.width, height: header.height, hasAlpha: header.hasAlpha)
    }

    /// GIF cannot shrink on load, so `minimumSize` is not used: rows come at full size.
    public static func openRows(
        path: String, info: ImageInfo, minimumSize: (width: Int, height: Int)?, limits: DecodeLimits
    ) throws(ImageError) -> any ImageRowReader {
        try GIFRowReader(path: path, limits: limits)
    }
}
