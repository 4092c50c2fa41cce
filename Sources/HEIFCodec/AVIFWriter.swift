import CHEIF
import Geometry
import ImageInput

/// Encodes one AVIF image (AV1 in HEIF, through libheif and aom), lossless or lossy, with
/// metadata items of the caller's own.
///
/// Lossless is exact: the AV1 planes are the RGB samples themselves (nclx matrix 0, 4:4:4,
/// full range), so a decoder hands back the bytes given. Lossy is tagged sRGB with the
/// BT.601 matrix. libheif encodes whole images, so the writer takes the image whole and
/// gives the file back as bytes.
///
/// ```swift
/// let writer = AVIFWriter(width: 300, height: 200, channels: .rgb, quality: 90, lossless: false)
/// let file = try writer.encode(pixels, metadata: [(contentType: "application/json", bytes: json)])
/// ```
package struct AVIFWriter: Sendable {
    /// The item type of metadata given by a MIME content type, as HEIF (ISO/IEC 23008-12) names it.
    package static let metadataItemType = "mime"

    package let encoding: WholeImageEncoding

    /// - Parameters:
    ///   - quality: 1 to 100, for lossy files.
    ///   - lossless: exact pixels.
    ///   - name: what errors call the output.
    package init(width: Int, height: Int, channels: ChannelLayout, quality: Int, lossless: Bool, name: String = "<memory>") {
        precondition(width >= 1 && height >= 1 && width <= Int(Int32.max) && height <= Int(Int32.max), "sides are 1 to 2^31-1")
        encoding = WholeImageEncoding(width: width, height: height, channels: channels, quality: quality, lossless: lossless, name: name)
    }

    /// Encodes `pixels` (rows of `encoding.bytesPerRow`, top to bottom, no gap) and writes the file
    /// with `metadata`, each a `mime` item of its content type describing the image.
    ///
    /// - Throws: `ImageError` with `.outOfMemory`, or `AVIFWriteFailure` when libheif has no
    ///   AV1 encoder or refuses.
    package func encode(_ pixels: [UInt8], metadata: [(contentType: String, bytes: [UInt8])] = []) throws(ImageError) -> [UInt8] {
        let writer = try ShimInput.reader(cheif_writer_create(), path: encoding.name)
        defer { cheif_writer_destroy(writer) }
        try check(encoding.encode(pixels) { cheif_writer_encode(writer, $0, $1, $2, $3, $4, $5, $6) }, writer)
        for item in metadata {
            try check(item.bytes.withUnsafeBufferPointer { bytes in
                cheif_writer_add_metadata(writer, Self.metadataItemType, item.contentType, bytes.baseAddress, bytes.count)
            }, writer)
        }
        var file: UnsafePointer<UInt8>?
        var count = 0
        try check(cheif_writer_assemble(writer, &file, &count), writer)
        return Array(UnsafeBufferPointer(start: file, count: count))
    }

    private func check(_ status: cimage_status, _ writer: OpaquePointer) throws(ImageError) {
        guard status != CIMAGE_OK else { return }
        if status == CIMAGE_ERROR_MEMORY { throw ImageError(path: encoding.name, reason: .outOfMemory) }
        let message = String(cString: cheif_writer_message(writer))
        let failure: AVIFWriteFailure = status == CIMAGE_ERROR_UNSUPPORTED ? .noEncoder(message: message) : .library(message: message)
        throw ImageError(path: encoding.name, reason: .format(failure))
    }
}
