/// Damage a decoder read past because every pixel was there: the file is read, and the
/// user is told, since the tool that wrote it has a fault worth fixing.
///
/// Pillow, libvips, browsers and odiff read such files; refusing them would fail a pixel
/// test over bytes that carry no pixels.
public enum ToleratedDamage: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file ends after whole chunks, before its end marker (PNG's `IEND`), the image
    /// data complete.
    case missingEnd(format: String, marker: String)
    /// The file has an alpha plane the decoder could not fit to the colour image (HEIF: an
    /// alpha item whose rotation, mirror or crop differ from the colour item's, which
    /// libheif 1.15 leaves out); the image is drawn opaque.
    case alphaLeftOut(format: String)

    public var description: String {
        switch self {
        case .missingEnd(let format, let marker):
            "the \(format) file ends without its \(marker) chunk after complete image data; read as it is"
        case .alphaLeftOut(let format):
            "the \(format) file's alpha plane does not fit its colour image after their rotation, mirror and crop "
                + "(libheif 1.15 leaves such an alpha out); drawn opaque"
        }
    }
}
