import ImageInput
/// Why an argument, or something inside a folder argument, gave no source.
///
/// A problem is a value rather than a thrown error because scanning goes on past it: the
/// caller decides whether it is a warning or, under `--strict`, a failure.
public typealias SourceProblem = PathFailure<ScanReason>

/// What went wrong with a path that gave no source.
public enum ScanReason: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing exists at the path.
    case notFound
    /// The path is a symbolic link whose target does not exist.
    case brokenLink
    /// The path or folder exists but could not be examined or listed; the system's
    /// explanation, such as "Permission denied".
    case unreadable(String)
    /// The folder holds no image with one of the scanner's extensions.
    case noImages(extensions: [String])
    /// The folder holds no image itself, but its subfolders hold this many, which
    /// `--recursive` would take.
    case imagesInSubfolders(Int)
    /// A recursive scan met a symbolic link to a folder, which it does not follow.
    case folderLinkNotFollowed

    /// What went wrong, without the path: the words a manifest records beside it.
    public var description: String {
        switch self {
        case .notFound:
            "no such file or folder"
        case .brokenLink:
            "symbolic link to a file that does not exist"
        case .unreadable(let detail):
            detail
        case .noImages(let extensions):
            "no \(Self.alternatives(extensions.map { "." + $0 })) files found"
        case .imagesInSubfolders(let count):
            "no images in the folder itself, but \(count) in its subfolders: add --recursive to take them"
        case .folderLinkNotFollowed:
            "symbolic link to a folder, not followed (link the folder's images, or give it as an argument)"
        }
    }

    private static func alternatives(_ words: [String]) -> String {
        guard let last = words.last, words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}
