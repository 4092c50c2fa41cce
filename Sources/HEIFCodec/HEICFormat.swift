/// HEIC as the registry sees it: an `ftyp` box with an HEVC image brand; libheif probes
/// and decodes it, upright, or from a thumbnail (see `HEIFBrandFormat`).
public enum HEICFormat: HEIFBrandFormat {
    public static let name = "HEIC"
    /// `.hif` is what Canon and Fujifilm cameras name their HEIF files.
    public static let fileExtensions = ["heic", "heif", "hif"]
    public static let brand = HEIFBrand.heic
}
