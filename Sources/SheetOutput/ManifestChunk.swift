import PNGCodec
import SheetManifest

/// The PNG text chunks that carry a sheet's manifest, so a sheet describes itself
/// wherever it goes: compressed iTXt chunks after the image data, found again by walking
/// the chunk headers without decoding a pixel.
///
/// A manifest of up to `chunkLimit` bytes is one chunk. A longer one is cut into several,
/// all with `keyword`, in order, each whole UTF-8 characters: Pillow refuses a text chunk
/// that inflates to over 1 MiB (its `MAX_TEXT_CHUNK`), and a sheet every reader opens is
/// worth a few more chunk headers. A reader joins every chunk with the keyword in file order.
public enum ManifestChunk {
    /// The iTXt keyword; other tools show the chunk under this name.
    public static let keyword = "pinboard:manifest"

    /// The most UTF-8 bytes of manifest one chunk carries: under Pillow's 1 MiB per chunk.
    public static let chunkLimit = 1_000_000

    /// The most UTF-8 bytes of manifest a reader joins from all the chunks: Pillow's
    /// `MAX_TEXT_MEMORY`, 64 MiB; a sheet whose chunks hold more is refused as damaged.
    public static let totalLimit = 64 * 1024 * 1024

    /// The chunks that carry `manifest`, in the order they are written.
    static func texts(of manifest: Manifest) -> [PNGText] {
        pieces(of: manifest.jsonText(), limit: chunkLimit).map { PNGText(keyword: keyword, text: $0) }
    }

    /// `text` cut into pieces of at most `limit` UTF-8 bytes, each ending before a character
    /// that would not fit whole, so every piece is valid UTF-8 on its own; one piece when
    /// the text fits, empty or not. A character longer than `limit` is a piece of its own.
    static func pieces(of text: String, limit: Int) -> [String] {
        let utf8 = Array(text.utf8)
        // A continuation byte (10xxxxxx) starts no character.
        func startsCharacter(_ index: Int) -> Bool { index == utf8.count || utf8[index] & 0xC0 != 0x80 }
        var pieces: [String] = []
        var start = 0
        repeat {
            var end = min(start + max(limit, 1), utf8.count)
            while end > start, !startsCharacter(end) { end -= 1 }
            if end == start, end < utf8.count {
                end += 1
                while !startsCharacter(end) { end += 1 }
            }
            pieces.append(String(decoding: utf8[start..<end], as: UTF8.self))
            start = end
        } while start < utf8.count
        return pieces
    }
}
