import ImageInput

/// PNG as the registry sees it: the 8-byte signature, the IHDR probe with the iCCP
/// profile, and libpng's rows.
package enum PNGFormat: ImageFormat {
    package static let name = "PNG"
    package static let fileExtensions = ["png"]
    package static let signatureLength = 8

    package static func matches(_ prefix: [UInt8]) -> Bool {
        prefix.count == signatureLength && prefix.elementsEqual(ImageHeader.signature)
    }

    /// Reads IHDR, then the chunk headers up to the image data for an ICC profile and an eXIf chunk's date.
    ///
    /// - Throws: `ImageError` for a missing, damaged or oversized IHDR, or when the file
    ///   cannot be read; a damaged profile only leaves `iccProfile` nil, its `color` saying why.
    package static func probe(_ source: some ByteSource, path: String, limits: DecodeLimits) throws(ImageError) -> ImageInfo {
        let header = try ImageHeader.probe(source, path: path, limits: limits)
        let color: ColorDescription?
        let exif: EXIF?
        do {
            color = try ICCProfileSearch(source: source).find()
            exif = try EXIFChunkSearch(source: source).find()
        } catch {
            throw ImageError(path: path, reason: error)
        }
        return ImageInfo(format: name, width: header.width, height: header.height, hasAlpha: header.hasAlphaChannel,
                         color: color, taken: exif?.taken)
    }

    /// PNG cannot shrink on load, so `minimumSize` is not used: rows come at full size.
    package static func openRows(
        path: String, info: ImageInfo, minimumSize: (width: Int, height: Int)?, limits: DecodeLimits
    ) throws(ImageError) -> any ImageRowReader {
        try PNGRowReader(path: path, limits: limits)
    }
}
