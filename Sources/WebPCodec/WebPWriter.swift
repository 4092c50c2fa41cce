import CWebP
import Geometry
import ImageInput

/// Encodes one WebP image, lossless or lossy, with chunks of the caller's own beside it.
///
/// WebP cannot be streamed (the VP8 and VP8L encoders want the whole picture), so the
/// writer takes the image whole and gives the file back as bytes for the caller to put
/// where it wants; the format's 16,383 px side bounds that image at 1 GiB of RGBA.
///
/// ```swift
/// let writer = try WebPWriter(width: 300, height: 200, channels: .rgba, quality: 90, lossless: true)
/// let file = try writer.encode(pixels, chunks: [(fourCC: "PBMF", bytes: Array(json.utf8))])
/// ```
package struct WebPWriter: Sendable {
    /// The largest side a WebP holds: VP8 and VP8L keep it in 14 bits.
    package static let maximumSide = Int(CWEBP_MAX_SIDE)

    package let encoding: WholeImageEncoding

    /// Checks the size before any pixel exists, so a caller can refuse a sheet up front.
    ///
    /// - Parameters:
    ///   - quality: 1 to 100, for lossy files.
    ///   - lossless: exact pixels, the colour under transparent ones included.
    ///   - name: what errors call the output.
    /// - Throws: `ImageError.Reason.invalidDimensions` when a side is 0 or over `maximumSide`.
    package init(
        width: Int, height: Int, channels: ChannelLayout, quality: Int, lossless: Bool, name: String = "<memory>"
    ) throws(ImageError) {
        encoding = WholeImageEncoding(width: width, height: height, channels: channels, quality: quality, lossless: lossless, name: name)
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
            throw ImageError(path: name, reason: .invalidDimensions(
                width: UInt64(max(width, 0)), height: UInt64(max(height, 0)), maximumSide: UInt64(Self.maximumSide)))
        }
    }

    /// Encodes `pixels` (rows of `encoding.bytesPerRow`, top to bottom, no gap) and assembles the
    /// file with `chunks`: "ICCP" for a colour profile, or FourCCs of the caller's own,
    /// which WebP readers keep and skip.
    ///
    /// - Throws: `ImageError` with `.outOfMemory`, or `WebPWriteFailure.library` when
    ///   libwebp refuses.
    package func encode(_ pixels: [UInt8], chunks: [(fourCC: String, bytes: [UInt8])] = []) throws(ImageError) -> [UInt8] {
        precondition(chunks.allSatisfy { $0.fourCC.utf8.count == 4 }, "a FourCC is four bytes")
        let encoder = try ShimInput.reader(cwebp_encoder_create(), path: encoding.name)
        defer { cwebp_encoder_destroy(encoder) }
        try check(encoding.encode(pixels) { cwebp_encoder_encode(encoder, $0, $1, $2, $3, $4, $5, $6) }, encoder, while: "encoding")
        for chunk in chunks {
            let added = chunk.bytes.withUnsafeBufferPointer { cwebp_encoder_set_chunk(encoder, chunk.fourCC, $0.baseAddress, $0.count) }
            try check(added, encoder, while: "adding the \(chunk.fourCC) chunk")
        }
        var file: UnsafePointer<UInt8>?
        var count = 0
        try check(cwebp_encoder_assemble(encoder, &file, &count), encoder, while: "assembling the file")
        return Array(UnsafeBufferPointer(start: file, count: count))
    }

    private func check(_ status: cimage_status, _ encoder: OpaquePointer, while stage: String) throws(ImageError) {
        guard status != CIMAGE_OK else { return }
        if status == CIMAGE_ERROR_MEMORY { throw ImageError(path: encoding.name, reason: .outOfMemory) }
        let message = String(cString: cwebp_encoder_message(encoder))
        throw ImageError(path: encoding.name, reason: .format(WebPWriteFailure.library(stage: stage, message: message)))
    }
}
