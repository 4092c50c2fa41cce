/// How a board arranges its sources; each names one `Arrangement` of the Layout module.
public enum LayoutMode: String, CaseIterable, Codable, Sendable {
    /// Columns (or rows) of the lane breadth, each image in the shortest: `LayoutConfiguration`.
    case masonry
    /// Rows of one height filling the width, broken as Flickr's justified-layout breaks them:
    /// `JustifiedArrangement`.
    case justified
    /// Uniform cells in reading order: `GridArrangement`.
    case grid
}
