import PinboardIO
/// One input image, found by a `SourceScanner`.
///
/// A source is named by one path that serves both to name it in messages and the
/// manifest and, whenever the system's bytes allow, to open the file (relative to the
/// working directory, as the user's arguments are), so the two never drift apart.
public struct Source: Hashable, Sendable {
    /// The path as the user spelled it for a file argument, or the folder argument joined
    /// with the path inside that folder: `photos/sub/a.png` for the argument `photos/`.
    /// Found inside a folder, it is the `PathSpelling` of the path's bytes.
    public let path: String
    /// The path below the folder argument (`sub/a.png`), or the file's own name for a file
    /// argument: what pairs a source with its namesake when two sheets made from different
    /// folders are compared.
    public let name: String
    /// What opens the file: `path` itself, unless the path's bytes needed escaping (not
    /// UTF-8, or a backslash); then the bytes as a string, or `/proc/self/fd/N` for bytes
    /// that are not UTF-8 (see `FileSystem.location(of:)`).
    public let location: String

    /// - Parameter name: defaults to the last component of `path`.
    public init(path: String, name: String? = nil) {
        self.init(path: path, name: name, location: path)
    }

    package init(path: String, name: String?, location: String) {
        self.path = path
        self.name = name ?? Self.lastComponent(of: path)
        self.location = location
    }

    static func lastComponent(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
