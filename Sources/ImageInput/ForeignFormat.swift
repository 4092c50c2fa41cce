/// Image formats recognised by their first bytes, so a file no reader claims can be named.
///
/// Only what can be told from a signature: a user who finds "a BMP file" in a warning
/// knows to convert it, where "not an image" would leave them guessing.
package enum ForeignFormat {
    /// Extensions of image formats in the table below that no format of pinboard's reads:
    /// a folder scan takes such files too, so each is named as not read instead of
    /// vanishing without a word.
    package static let fileExtensions: Set<String> = [
        "bmp", "dib", "ico", "psd", "jxl", "svg", "jp2", "j2k", "j2c", "jpf", "jpx", "qoi",
        "pbm", "pgm", "ppm", "pnm", "pam", "dds", "eps", "epsf",
    ]

    /// Enough bytes for every signature below (ISO BMFF's brand sits at bytes 8–11, the JP2
    /// signature box fills 12).
    package static let signatureLength = 16

    /// What the data starting with `prefix` is, as "a BMP file"; nil when unknown.
    package static func name(of prefix: [UInt8]) -> String? {
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
        if starts([0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) { return "a JPEG 2000 file" }
        // A raw codestream: SOC then SIZ, as `.j2k` and `.j2c` files and DICOM payloads hold it.
        if starts([0xFF, 0x4F, 0xFF, 0x51]) { return "a JPEG 2000 codestream" }
        if starts(ascii("qoif")) { return "a QOI file" }
        // P1–P7 then whitespace, so a text file that happens to start "P4" is not taken for one.
        if prefix.count >= 3, prefix[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "7")).contains(prefix[1]),
           [0x20, 0x09, 0x0A, 0x0D].contains(prefix[2]) {
            return "a Netpbm file (P\(Character(Unicode.Scalar(prefix[1]))))"
        }
        if starts(ascii("DDS ")) { return "a DirectDraw Surface (DDS) file" }
        // DOS EPS: a binary header before the PostScript and its TIFF or WMF preview.
        if starts([0xC5, 0xD0, 0xD3, 0xC6]) || starts(ascii("%!PS-Adobe")) { return "a PostScript or EPS file" }
        if starts(ascii("<svg")) || starts(ascii("<?xml")) { return "an SVG or other XML file" }
        return nil
    }
}
