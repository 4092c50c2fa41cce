import HEIFCodec
import ImageInput
import JPEGCodec
import TIFFCodec
import WebPCodec

extension SheetFormat {
    /// The manifest's JSON as a sheet of this format carries it (JPEG's APP11 chain, WebP's
    /// `PBMF` chunk, AVIF's manifest item, TIFF's ImageDescription, a pyramid's `NAME.manifest.json`, a IIIF tree's `pinboard-manifest.json`), read without decoding a
    /// pixel; nil when there is none. PNG's chunks are read by the facade's reader, which
    /// also bounds their total (`ManifestChunk.totalLimit`).
    ///
    /// - Throws: `ImageError` naming `path` when the file cannot be read or the manifest's
    ///   container is damaged.
    public func manifestText(path: String) throws(ImageError) -> String? {
        switch self {
        case .png: nil
        case .jpeg: try JPEGManifest.text(path: path)
        case .webp: try WebPManifest.text(path: path)
        case .avif: try HEIFManifest.text(path: path)
        case .tiff: try TIFFManifest.text(path: path)
        case .dzi: try DeepZoomPaths(descriptor: path).manifestText()
        case .iiif: try IIIFPaths(folder: path).manifestText()
        }
    }
}
