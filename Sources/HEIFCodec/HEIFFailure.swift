import ImageInput

/// What only a HEIC or AVIF file can get wrong when read, carried as `ImageError.Reason.format`.
package enum HEIFFailure: FormatFailure {
    /// An image sequence (a `moov` track; brand `avis` or `msf1`) without a still image
    /// libheif 1.15 can find: it reads no sequence's frames. `brand` is the major brand.
    case imageSequence(brand: String)
    /// Boxes libheif refused while parsing the file, the file not being cut: a box whose
    /// size or fields are wrong, a missing box the format requires. libheif's words.
    case damagedBoxes(libheif: String)

    package var description: String {
        switch self {
        case .imageSequence(let brand):
            "it is an image sequence (brand '\(brand)') with no still image libheif 1.15 can read; "
                + "pinboard reads a HEIF or AVIF still image, and a sequence's only when the file carries one"
        case .damagedBoxes(let message):
            "its boxes are damaged (libheif: \(message))"
        }
    }
}
