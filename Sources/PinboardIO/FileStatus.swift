/// What a path names, as far as finding sources cares, with symbolic links followed.
package enum FileStatus: Equatable {
    /// Nothing exists at the path.
    case missing
    /// A symbolic link whose target does not exist.
    case brokenLink
    /// The path could not be examined; the system's explanation.
    case unreadable(String)
    /// A folder; `isLink` when the path itself is a symbolic link to it.
    case folder(isLink: Bool)
    /// A regular file, directly or through symbolic links.
    case file
    /// Anything else: a device, a pipe, a socket.
    case other
}
