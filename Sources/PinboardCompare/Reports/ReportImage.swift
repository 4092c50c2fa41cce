/// An image of a report, written beside it: where (relative to the report's folder) and
/// how large, so a page can reserve its space before it loads.
public struct ReportImage: Sendable, Hashable {
    /// The path below the report's folder, `images/12-diff.png`.
    public let path: String
    public let width: Int
    public let height: Int
}
