/// How an image is fitted into its grid cell.
///
/// Cropping to cover the cell is not offered yet: the renderer crops rows only (the even
/// bottom's path), and a wide image covering a cell must lose columns.
public enum GridFit: String, CaseIterable, Codable, Hashable, Sendable {
    /// The largest size with the image's aspect ratio that fits, centred in the cell; the
    /// background shows around it. The tile is that rect.
    case contain
    /// Stretched to the cell; the tile is the cell.
    case fill
}
