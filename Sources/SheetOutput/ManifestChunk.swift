import PNGCodec
import SheetManifest

/// The PNG text chunk that carries a sheet's manifest, so a sheet describes itself
/// wherever it goes: a compressed iTXt chunk after the image data, found again by walking
/// the chunk headers without decoding a pixel.
public enum ManifestChunk {
    /// The iTXt keyword; other tools show the chunk under this name.
    public static let keyword = "pinboard:manifest"

    /// The chunk that carries `manifest`.
    static func text(of manifest: Manifest) -> PNGText {
        PNGText(keyword: keyword, text: manifest.jsonText())
    }
}
