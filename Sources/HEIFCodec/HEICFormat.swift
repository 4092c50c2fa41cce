/// HEIC as the registry sees it: an `ftyp` box with an HEVC image brand; libheif probes
/// and decodes it, upright, or from a thumbnail (see `HEIFBrandFormat`).
package enum HEICFormat: HEIFBrandFormat {
    package static let name = "HEIC"
    /// `.hif` is what Canon and Fujifilm cameras name their HEIF files.
    package static let fileExtensions = ["heic", "heif", "hif"]
    package static let brand = HEIFBrand.heic
}
