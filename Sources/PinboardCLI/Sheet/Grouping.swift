import ArgumentParsing

/// What `--group-by` can group images by.
enum Grouping: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// Each folder's images form a section under a header with the folder's name.
    case folder
}
