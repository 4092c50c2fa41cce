import CHEIF
import ImageInput
#if canImport(Glibc)
import Glibc
#endif

/// The manifest pinboard keeps in an AVIF sheet: a `mime` metadata item of its own content
/// type describing the primary image, holding the manifest's JSON. XMP readers would be
/// handed something that is not XMP; this item is skipped by every reader but ours.
package enum HEIFManifest {
    /// The item's content type.
    package static let contentType = "application/x-pinboard-manifest+json"

    /// The manifest's JSON in the HEIF file at `path`, or nil when it has none; read from
    /// the boxes without decoding a pixel, the item's declared size checked against the file's.
    ///
    /// - Throws: `ImageError` when the file cannot be read, is not HEIF, the item reaches
    ///   past its end, or its bytes are not UTF-8.
    package static func text(path: String) throws(ImageError) -> String? {
        let file = try FileBytes.open(path: path)
        var status = stat()
        let brand: HEIFBrand
        do throws(ImageError.Reason) {
            if fstat(file.fileDescriptor, &status) != 0 { throw .readFailed(errno: errno) }
            // An unknown brand is the handle's to refuse, with the reason it gives every reader.
            brand = HEIFBrand(prefix: try file.read(at: 0, count: HEIFBrand.signatureLength)) ?? .avif
        } catch {
            close(file.fileDescriptor)
            throw ImageError(path: path, reason: error)
        }
        let handle = try HEIFHandle(source: file, path: path, limits: .default, brand: brand, fileDescriptor: file.fileDescriptor)
        var bytes: UnsafePointer<UInt8>?
        var count = 0
        try handle.check(cheif_reader_metadata(handle.reader, AVIFWriter.metadataItemType, contentType,
                                               UInt64(max(status.st_size, 0)), &bytes, &count),
                         while: "reading the manifest item")
        guard let bytes else { return nil }
        guard let text = String(validating: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self) else {
            throw ImageError(path: path, reason: .corrupt(format: brand.formatName, message: "the manifest item is not UTF-8"))
        }
        return text
    }
}
