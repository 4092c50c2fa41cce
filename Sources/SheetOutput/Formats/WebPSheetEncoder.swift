import ImageInput
import PinboardIO
import SheetManifest
import WebPCodec

/// WebP through WebPCodec's writer (WebP cannot be streamed), tagged sRGB with an ICC
/// profile, the manifest in a chunk of pinboard's own (`WebPManifest`). Sheets with a side
/// over WebP's 16,383 px are refused.
struct WebPSheetEncoder: WholeSheetEncoder {
    let quality: Int
    let lossless: Bool

    func check(_ header: SheetHeader, name: String) throws(WriteError) {
        _ = try writer(for: header, name: name)
    }

    func encode(_ rows: GatheredRows, manifest: Manifest?, name: String) throws(WriteError) -> [UInt8] {
        let writer = try writer(for: rows.header, name: name)
        var chunks = [(fourCC: "ICCP", bytes: try EncoderStep.srgbProfile(for: name))]
        if let manifest { chunks.append((fourCC: WebPManifest.fourCC, bytes: Array(manifest.jsonText().utf8))) }
        return try EncoderStep.run(for: name) { () throws(ImageError) in try writer.encode(rows.pixels, chunks: chunks) }
    }

    private func writer(for header: SheetHeader, name: String) throws(WriteError) -> WebPWriter {
        do {
            return try WebPWriter(width: header.width, height: header.height, channels: header.channels,
                                  quality: quality, lossless: lossless, name: name)
        } catch {
            if case .invalidDimensions(let width, let height, let maximumSide) = error.reason {
                throw WriteError(path: name, reason: .refused(
                    "WebP holds at most \(maximumSide) px a side; the sheet is \(width)×\(height)"))
            }
            throw WriteError(path: name, reason: .encoder(error.reason.description))
        }
    }
}
