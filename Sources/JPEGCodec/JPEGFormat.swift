import ImageInput

/// JPEG as the registry sees it: FF D8 FF, the marker-walking probe with EXIF
/// orientation and the ICC profile, and libjpeg-turbo's rows, shrunk in the DCT when
/// the caller needs less.
public enum JPEGFormat: ImageFormat {
    public static let name = "JPEG"
    public static let fileExtensions = ["jpg", "jpeg"]
    public static let signatureLength = 3

    public static func matches(_ prefix: [UInt8]) -> Bool {
        JPEGHeader.looksLikeJPEG(firstBytes: prefix)
    }

    public static func probe(_ source: some ByteSource, path: String, limits: DecodeLimits) throws(ImageError) -> ImageInfo {
        let header = try JPEGHeader.probe(source, path: path, limits: limits)
        return ImageInfo(format: name, width: header.width, height: header.height,
                         orientation: header.orientation, hasAlpha: false, color: header.iccProfile.map(ColorDescription.icc))
    }

    public static func openRows(
        path: String, info: ImageInfo, minimumSize: (width: Int, height: Int)?, limits: DecodeLimits
    ) throws(ImageError) -> any ImageRowReader {
        try JPEGRowReader(path: path, minimumSize: minimumSize, limits: limits)
    }
}
