/// AVIF as the registry sees it: an `ftyp` box with an AV1 image brand; libheif probes
/// and decodes it, upright, or from a thumbnail (see `HEIFBrandFormat`).
public enum AVIFFormat: HEIFBrandFormat {
    public static let name = "AVIF"
    public static let fileExtensions = ["avif"]
    public static let brand = HEIFBrand.avif
}
