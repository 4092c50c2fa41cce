import ImageInput

/// A format of the HEIF family, told apart from its siblings by the `ftyp` brand alone:
/// probing and decoding are libheif's for every brand, so they are written once here.
public protocol HEIFBrandFormat: ImageFormat {
    /// The brand this format claims.
    static var brand: HEIFBrand { get }
}

extension HEIFBrandFormat {
    public static var signatureLength: Int { HEIFBrand.signatureLength }

    public static func matches(_ prefix: [UInt8]) -> Bool {
        HEIFBrand(prefix: prefix) == brand
    }

    /// Parses the boxes up to the primary image's properties: its upright size, alpha and ICC profile.
    public static func probe(_ source: some ByteSource, path: String, limits: DecodeLimits) throws(ImageError) -> ImageInfo {
        try HEIFHandle(source: source, path: path, limits: limits, brand: brand).imageInfo
    }

    /// Decodes the smallest embedded thumbnail that covers `minimumSize`, or the primary image.
    public static func openRows(
        path: String, info: ImageInfo, minimumSize: (width: Int, height: Int)?, limits: DecodeLimits
    ) throws(ImageError) -> any ImageRowReader {
        try HEIFRowReader(path: path, minimumSize: minimumSize, limits: limits, brand: brand)
    }
}
