import ImageInput

/// AVIF as the registry sees it: an `ftyp` box with an AV1 image brand, the primary
/// image's properties for the probe, and libheif's decode, upright, or a thumbnail.
public enum AVIFFormat: ImageFormat {
    public static let name = "AVIF"
    public static let fileExtensions = ["avif"]
    public static let signatureLength = HEIFBrand.signatureLength

    public static func matches(_ prefix: [UInt8]) -> Bool {
        HEIFBrand(prefix: prefix) == .avif
    }

    /// Parses the boxes up to the primary image's properties: its upright size, alpha and ICC profile.
    public static func probe(_ source: some ByteSource, path: String, limits: DecodeLimits) throws(ImageError) -> ImageInfo {
        try HEIFHandle(source: source, path: path, limits: limits, brand: .avif).imageInfo
    }

    /// Decodes the smallest embedded thumbnail that covers `minimumSize`, or the primary image.
    public static func openRows(
        path: String, info: ImageInfo, minimumSize: (width: Int, height: Int)?, limits: DecodeLimits
    ) throws(ImageError) -> any ImageRowReader {
        try HEIFRowReader(path: path, minimumSize: minimumSize, limits: limits, brand: .avif)
    }
}
