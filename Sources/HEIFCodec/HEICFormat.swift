import ImageInput

/// HEIC as the registry sees it: an `ftyp` box with an HEVC image brand, the primary
/// image's properties for the probe, and libheif's decode, upright, or a thumbnail.
public enum HEICFormat: ImageFormat {
    public static let name = "HEIC"
    /// `.hif` is what Canon and Fujifilm cameras name their HEIF files.
    public static let fileExtensions = ["heic", "heif", "hif"]
    public static let signatureLength = HEIFBrand.signatureLength

    public static func matches(_ prefix: [UInt8]) -> Bool {
        HEIFBrand(prefix: prefix) == .heic
    }

    /// Parses the boxes up to the primary image's properties: its upright size, alpha and ICC profile.
    public static func probe(_ source: some ByteSource, path: String, limits: DecodeLimits) throws(ImageError) -> ImageInfo {
        try HEIFHandle(source: source, path: path, limits: limits, brand: .heic).imageInfo
    }

    /// Decodes the smallest embedded thumbnail that covers `minimumSize`, or the primary image.
    public static func openRows(
        path: String, info: ImageInfo, minimumSize: (width: Int, height: Int)?, limits: DecodeLimits
    ) throws(ImageError) -> any ImageRowReader {
        try HEIFRowReader(path: path, minimumSize: minimumSize, limits: limits, brand: .heic)
    }
}
