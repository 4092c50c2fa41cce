
/// Why a font could not be used or a caption laid out, naming the font file and the
/// FreeType error.
public enum TextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// FreeType could not open `path` as a scalable font face.
    case cannotOpenFont(path: String, code: Int32, reason: String)
    /// The face refused `pixelSize`.
    case cannotSetSize(path: String, pixelSize: Int, code: Int32, reason: String)
    /// Neither the glyph for `codePoint` nor the face's .notdef glyph would load.
    case cannotLoadGlyph(path: String, codePoint: UInt32, code: Int32, reason: String)
    /// A caption was asked for with a pixel size or box width under 1 px.
    case invalidSize(pixelSize: Int, boxWidth: Int)

    public var description: String {
        switch self {
        case let .cannotOpenFont(path, code, reason):
            return "\(path): cannot open the font: \(reason) (FreeType error \(code))"
        case let .cannotSetSize(path, pixelSize, code, reason):
            return "\(path): cannot set the size to \(pixelSize) px: \(reason) (FreeType error \(code))"
        case let .cannotLoadGlyph(path, codePoint, code, reason):
            let hex = String(codePoint, radix: 16, uppercase: true)
            return "\(path): cannot load the glyph for U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex) "
                + "or .notdef: \(reason) (FreeType error \(code))"
        case let .invalidSize(pixelSize, boxWidth):
            return "a caption needs a pixel size and a box width of at least 1 px, got \(pixelSize) px in \(boxWidth) px"
        }
    }
}
