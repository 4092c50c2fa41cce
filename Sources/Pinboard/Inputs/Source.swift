/// One input image, found by a `SourceScanner`.
///
/// A source is named by one path that serves both to open the file (relative to the
/// working directory, as the user's arguments are) and to name it in messages and the
/// manifest, so the two never drift apart.
public struct Source: Hashable, Sendable {
    /// The path as the user spelled it for a file argument, or the folder argument joined
    /// with the path inside that folder: `photos/sub/a.png` for the argument `photos/`.
    public let path: String
    /// The path below the folder argument (`sub/a.png`), or the file's own name for a file
    /// argument: what pairs a source with its namesake when two sheets made from different
    /// folders are compared.
    public let name: String

    /// - Parameter name: defaults to the last component of `path`.
    public init(path: String, name: String? = nil) {
        self.path = path
        self.name = name ?? Self.lastComponent(of: path)
    }

    static func lastComponent(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
