/// Which of the two HEIF formats pinboard reads a file's `ftyp` box declares.
///
/// HEIC (HEVC inside) and AVIF (AV1 inside) share the container and libheif, but users
/// know them by different names and extensions, so each is its own `ImageFormat`. The
/// major brand decides; a generic `mif1` or `msf1` major brand defers to the compatible
/// brands, where an AV1 file lists `avif`.
package enum HEIFBrand: Equatable, Sendable {
    case heic
    case avif

    /// Enough bytes for the box header, the major brand and ten compatible brands.
    static let signatureLength = 56

    private static let heicBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx"]
    private static let avifBrands: Set<String> = ["avif", "avis"]
    private static let genericBrands: Set<String> = ["mif1", "msf1"]

    /// The format the `ftyp` box at the start of `prefix` declares; nil when it is not one of ours.
    init?(prefix: [UInt8]) {
        guard prefix.count >= 12, prefix[4..<8].elementsEqual("ftyp".utf8) else { return nil }
        func brand(at offset: Int) -> String { String(decoding: prefix[offset..<offset + 4], as: UTF8.self) }
        let major = brand(at: 8)
        if Self.avifBrands.contains(major) {
            self = .avif
        } else if Self.heicBrands.contains(major) {
            self = .heic
        } else if Self.genericBrands.contains(major) {
            // Compatible brands follow the minor version, up to the box's end.
            let boxEnd = min(Int(prefix[0]) << 24 | Int(prefix[1]) << 16 | Int(prefix[2]) << 8 | Int(prefix[3]), prefix.count)
            let compatible = Swift.stride(from: 16, to: boxEnd - 3, by: 4).map(brand(at:))
            self = compatible.contains(where: Self.avifBrands.contains) ? .avif : .heic
        } else {
            return nil
        }
    }

    /// The format's name in messages and the manifest.
    var formatName: String {
        switch self {
        case .heic: HEICFormat.name
        case .avif: AVIFFormat.name
        }
    }
}
