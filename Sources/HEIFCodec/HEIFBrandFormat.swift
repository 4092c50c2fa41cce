import ImageInput

/// A format of the HEIF family, told apart from its siblings by the `ftyp` brand alone:
/// probing and decoding are libheif's for every brand, so they are written once here.
package protocol HEIFBrandFormat: ImageFormat {
    /// The brand this format claims.
    static var brand: HEIFBrand { get }
}

extension HEIFBrandFormat {
    package static var signatureLength: Int { HEIFBrand.signatureLength }

    package static func matches(_ prefix: [UInt8]) -> Bool {
        HEIFBrand(prefix: prefix) == brand
    }

    /// Parses the boxes up to the primary image's properties: its upright size, alpha and ICC profile.
    package static func probe(_ source: some ByteSource, path: String, limits: DecodeLimits) throws(ImageError) -> ImageInfo {
        try HEIFHandle(source: source, path: path, limits: limits, brand: brand).imageInfo
    }

    /// Decodes the smallest embedded thumbnail that covers `minimumSize`, or the primary image.
    package static func openRows(
        path: String, info: ImageInfo, minimumSize: (width: Int, height: Int)?, limits: DecodeLimits
    ) throws(ImageError) -> any ImageRowReader {
        try HEIFRowReader(path: path, minimumSize: minimumSize, limits: limits, brand: brand)
    }
}
