import ImageInput

/// PNG as the registry sees it: the 8-byte signature, the IHDR probe and libpng's rows.
public enum PNGFormat: ImageFormat {
    public static let name = "PNG"
    public static let fileExtensions = ["png"]
    public static let signatureLength = 8

    public static func matches(_ prefix: [UInt8]) -> Bool {
        prefix.count == signatureLength && prefix.elementsEqual(ImageHeader.signature)
    }

    public static func probe(_ source: some ByteSource, path: String, limits: DecodeLimits) throws(ImageError) -> ImageInfo {
        let header = try ImageHeader.probe(source, path: path, limits: limits)
        return ImageInfo(format: name, width: header.width, height: header.height, hasAlpha: header.hasAlphaChannel)
    }

    /// PNG cannot shrink on load, so `minimumSize` is not used: rows come at full size.
    public static func openRows(
        path: String, info: ImageInfo, minimumSize: (width: Int, height: Int)?, limits: DecodeLimits
    ) throws(ImageError) -> any ImageRowReader {
        try PNGRowReader(path: path, limits: limits)
    }
}
