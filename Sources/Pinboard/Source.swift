/// One input image, found by a `SourceScanner`.
///
/// A source is named by one path that serves both to open the file (relative to the
/// working directory, as the user's arguments are) and to name it in messages and the
/// manifest, so the two never drift apart.
public struct Source: Hashable, Sendable {
    /// The path as the user spelled it for a file argument, or the folder argument joined
    /// with the path inside that folder: `photos/sub/a.png` for the argument `photos/`.
    public let path: String

    public init(path: String) {
        self.path = path
    }
}
