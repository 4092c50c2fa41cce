/// Image formats recognised by their first bytes, so a file no reader claims can be named.
///
/// Only what can be told from a signature: a user who finds "a BMP file" in a warning
/// knows to convert it, where "not an image" would leave them guessing.
public enum ForeignFormat {
    /// Extensions of image formats in the table below that no format of pinboard's reads:
    /// a folder scan takes such files too, so each is named as not read instead of
    /// vanishing without a word.
    public static let fileExtensions: Set<String> = ["bmp", "dib", "ico", "psd", "jxl", "svg"]

    /// Enough bytes for every signature below (ISO BMFF's brand sits at bytes 8–11).
    public static let signatureLength = 16

    /// What the data starting with `prefix` is, as "a BMP file"; nil when unknown.
    public static func name(of prefix: [UInt8]) -> String? {
        func starts(_ bytes: [UInt8], at offset: Int = 0) -> Bool {
            prefix.count >= offset + bytes.count && prefix[offset..<offset + bytes.count].elementsEqual(bytes)
        }
        let ascii = { (text: String) in Array(text.utf8) }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return "a PNG file" }
        if starts([0xFF, 0xD8, 0xFF]) { return "a JPEG file" }
        if starts(ascii("GIF87a")) || starts(ascii("GIF89a")) { return "a GIF file" }
        if starts(ascii("RIFF")) && starts(ascii("WEBP"), at: 8) { return "a WebP file" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "a TIFF file" }
        if starts([0x49, 0x49, 0x2B, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2B]) { return "a BigTIFF file" }
        if starts(ascii("ftyp"), at: 4) {
            let brand = prefix.count >= 12 ? String(decoding: prefix[8..<12], as: UTF8.self) : ""
            if ["avif", "avis"].contains(brand) { return "an AVIF file" }
            if ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"].contains(brand) { return "a HEIF file" }
            return "an ISO media file (brand '\(brand)')"
        }
        if starts(ascii("BM")) { return "a BMP file" }
        if starts([0x00, 0x00, 0x01, 0x00]) { return "an ICO file" }
        if starts(ascii("8BPS")) { return "a Photoshop file" }
        if starts(ascii("%PDF")) { return "a PDF file" }
        if starts([0xFF, 0x0A]) || starts([0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) { return "a JPEG XL file" }
        if starts(ascii("<svg")) || starts(ascii("<?xml")) { return "an SVG or other XML file" }
        return nil
    }
}
