/// AVIF as the registry sees it: an `ftyp` box with an AV1 image brand; libheif probes
/// and decodes it, upright, or from a thumbnail (see `HEIFBrandFormat`).
package enum AVIFFormat: HEIFBrandFormat {
    package static let name = "AVIF"
    package static let fileExtensions = ["avif"]
    package static let brand = HEIFBrand.avif
}
