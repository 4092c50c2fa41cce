import Foundation

/// How an output reaches what its path names, decided as `cp`, `curl -o` and editors
/// decide it, so that nothing a user points pinboard at is harmed: a regular file (or
/// nothing yet) is replaced atomically, a device or a FIFO is written through, a symbolic
/// link is followed and its target replaced, the link kept; a folder or a socket is refused.
///
/// ```swift
/// try OutputDestination.resolve("/dev/null")      // .stream("/dev/null")
/// try OutputDestination.resolve("out/link.png")   // .file("/home/me/sheets/board.png"), for a link to ../sheets/board.png
/// ```
package enum OutputDestination: Equatable, Sendable {
    /// A regular file or nothing: replaced whole at this path (`AtomicOutput`), which is the
    /// end of the destination's symbolic links, so the temporary file is made in the
    /// target's folder and the rename keeps every link.
    case file(String)
    /// A character or block device or a FIFO, opened through this path (the destination as
    /// given; the system follows its links) and written in order: renaming a file over it
    /// would put a file where the device or pipe was and send nothing to its reader.
    case stream(String)

    /// How many links a chain may have, as the kernel allows (`MAXSYMLINKS`).
    static let maxLinks = 40

    /// What `path` is and how an output reaches it.
    ///
    /// - Throws: `WriteError` naming `path`: `.unsuitableDestination` when it is, or its links
    ///   lead to, a folder or a socket; `.system(ELOOP)` for a loop of links.
    package static func resolve(_ path: String) throws(WriteError) -> OutputDestination {
        var status = stat()
        guard stat(path, &status) == 0 else {
            // Nothing there (or a link to nothing): the file is made where the links end.
            // Any other failure is reported by the write itself, as it always was.
            if errno == ELOOP { throw WriteError(path: path, reason: .system(errno: ELOOP)) }
            return .file(try target(of: path))
        }
        switch FileType(mode: status.st_mode) {
        case nil:
            return .file(try target(of: path))
        case .characterDevice, .blockDevice, .fifo:
            return .stream(path)
        case let type?:
            throw WriteError(path: path, reason: .unsuitableDestination(try target(of: path), type))
        }
    }

    /// Where the chain of symbolic links at `path` ends; `path` itself when it is no link.
    ///
    /// A relative link is read from the link's own folder, as the system reads it; each
    /// target's folder is then spelled as its real path (`realpath`), so that no `..` is
    /// left for a later step to take as text, where it would climb out of a linked folder
    /// differently from the system.
    ///
    /// - Throws: `WriteError` naming `path`: `.system(ELOOP)` past `maxLinks` links,
    ///   `.system(EILSEQ)` for a link whose text is not UTF-8, which no `String` path holds.
    static func target(of path: String) throws(WriteError) -> String {
        var current = path
        for _ in 0...maxLinks {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count >= 0 else { throw WriteError(path: path, reason: .system(errno: errno)) }
            let bytes = buffer[0..<count].map { UInt8(bitPattern: $0) }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw WriteError(path: path, reason: .system(errno: EILSEQ))
            }
            let joined: String
            if text.hasPrefix("/") {
                joined = text
            } else if let slash = current.lastIndex(of: "/") {
                joined = String(current[...slash]) + text
            } else {
                joined = text
            }
            current = physical(joined)
        }
        throw WriteError(path: path, reason: .system(errno: ELOOP))
    }

    /// `path` with its folder spelled as the folder's real path; as it is when the folder
    /// does not exist, for the write to report.
    private static func physical(_ path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        guard let real = realpath(folder.isEmpty ? "." : folder, nil) else { return path }
        defer { free(real) }
        let name = (path as NSString).lastPathComponent
        let base = String(cString: real)
        return (base == "/" ? "" : base) + "/" + name
    }
}
