import HEIFCodec
import ImageInput
import PinboardIO
import SheetManifest

/// AVIF through HEIFCodec's writer (libheif encodes whole images), tagged sRGB by its nclx
/// box, the manifest in a metadata item of pinboard's own content type (`HEIFManifest`).
struct AVIFSheetEncoder: WholeSheetEncoder {
    let quality: Int
    let lossless: Bool

    func check(_ header: SheetHeader, name: String) throws(WriteError) {}

    func encode(_ rows: GatheredRows, manifest: Manifest?, name: String) throws(WriteError) -> [UInt8] {
        let header = rows.header
        let writer = AVIFWriter(width: header.width, height: header.height, channels: header.channels,
                                quality: quality, lossless: lossless, name: name)
        let metadata = manifest.map { [(contentType: HEIFManifest.contentType, bytes: Array($0.jsonText().utf8))] } ?? []
        return try EncoderStep.run(for: name) { () throws(ImageError) in try writer.encode(rows.pixels, metadata: metadata) }
    }
}
