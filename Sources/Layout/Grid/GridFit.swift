/// How an image is fitted into its grid cell.
public enum GridFit: String, CaseIterable, Codable, Hashable, Sendable {
    /// The largest size with the image's aspect ratio that fits, centred in the cell; the
    /// background shows around it. The tile is that rect.
    case contain
    /// The smallest size with the image's aspect ratio that covers the cell, cut to the cell
    /// (centred, or where the renderer's crop focus puts it); the tile is the cell.
    case cover
    /// Stretched to the cell; the tile is the cell.
    case fill
}
