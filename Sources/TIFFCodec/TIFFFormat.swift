import ImageInput

/// TIFF as the registry sees it: a byte-order mark and 42 (or BigTIFF's 43), the first
/// directory read by libtiff for the probe, and libtiff's RGBA rows, at full size.
package enum TIFFFormat: ImageFormat {
    package static let name = "TIFF"
    package static let fileExtensions = ["tif", "tiff"]
    package static let signatureLength = 4

    /// Classic TIFF and BigTIFF, little- and big-endian.
    static let signatures: [[UInt8]] = [
        [0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A],
        [0x49, 0x49, 0x2B, 0x00], [0x4D, 0x4D, 0x00, 0x2B],
    ]

    package static func matches(_ prefix: [UInt8]) -> Bool {
        signatures.contains(prefix)
    }

    /// Reads the header and first directory: size, orientation tag, alpha and ICC profile;
    /// then, through the one EXIF reader (a TIFF file is EXIF's own structure), its
    /// DateTime and its Exif directory's DateTimeOriginal. The strips' and tiles' offsets
    /// are not read, nor any pixel.
    ///
    /// - Throws: `ImageError` naming `path` for data that is not a TIFF, a directory that
    ///   is cut or damaged, an image over `limits`, or one libtiff cannot convert to RGBA.
    package static func probe(_ source: some ByteSource, path: String, limits: DecodeLimits) throws(ImageError) -> ImageInfo {
        let handle = try TIFFHandle(source: source, path: path, limits: limits)
        let exif: EXIF
        do {
            exif = try EXIF.read(source, at: 0, length: Int.max)
        } catch {
            throw ImageError(path: path, reason: error)
        }
        return handle.imageInfo(taken: exif.taken)
    }

    /// TIFF has no reduced decode here, so `minimumSize` is not used: rows come at full size.
    package static func openRows(
        path: String, info: ImageInfo, minimumSize: (width: Int, height: Int)?, limits: DecodeLimits
    ) throws(ImageError) -> any ImageRowReader {
        try TIFFRowReader(path: path, limits: limits)
    }
}
