/// Why an argument, or something inside a folder argument, gave no source.
///
/// A problem is a value rather than a thrown error because scanning goes on past it: the
/// caller decides whether it is a warning or, under `--strict`, a failure.
public struct SourceProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong with the path.
    public enum Reason: Hashable, Sendable {
        /// Nothing exists at the path.
        case notFound
        /// The path is a symbolic link whose target does not exist.
        case brokenLink
        /// The path or folder exists but could not be examined or listed; the system's
        /// explanation, such as "Permission denied".
        case unreadable(String)
        /// The folder holds no image with one of the scanner's extensions.
        case noImages(extensions: [String])
        /// A recursive scan met a symbolic link to a folder, which it does not follow.
        case folderLinkNotFollowed
    }

    /// The path with the problem, spelled as sources are: the argument, or the folder
    /// argument joined with the path inside it.
    public let path: String
    public let reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// A one-line message naming the path, such as `photos/old: Permission denied`.
    public var description: String {
        switch reason {
        case .notFound:
            "\(path): no such file or folder"
        case .brokenLink:
            "\(path): symbolic link to a file that does not exist"
        case .unreadable(let detail):
            "\(path): \(detail)"
        case .noImages(let extensions):
            "\(path): no \(Self.alternatives(extensions.map { "." + $0 })) files found"
        case .folderLinkNotFollowed:
            "\(path): symbolic link to a folder, not followed (link the folder's images, or give it as an argument)"
        }
    }

    /// "a", "a or b", "a, b or c".
    private static func alternatives(_ words: [String]) -> String {
        guard let last = words.last, words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}
