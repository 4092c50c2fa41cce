import Foundation

/// The only place that asks the operating system about paths, through POSIX calls.
///
/// POSIX rather than `FileManager` because its answers are exact where the scanner needs
/// them to be: `lstat` and `stat` tell a link from its target, and `strerror` gives the
/// short reason ("Permission denied") that a problem message quotes.
package enum FileSystem {
    /// What `path` names, following symbolic links.
    package static func status(of path: String) -> FileStatus {
        var link = stat()
        guard lstat(path, &link) == 0 else {
            return errno == ENOENT ? .missing : .unreadable(systemMessage())
        }
        let isLink = link.st_mode & S_IFMT == S_IFLNK
        var target = link
        if isLink, stat(path, &target) != 0 {
            return errno == ENOENT ? .brokenLink : .unreadable(systemMessage())
        }
        switch target.st_mode & S_IFMT {
        case S_IFDIR: return .folder(isLink: isLink)
        case S_IFREG: return .file
        default: return .other
        }
    }

    /// The names in the folder at `path`, hidden ones included, `.` and `..` excluded,
    /// in the order the system lists them.
    ///
    /// - Throws: A `SourceProblem` for `path` with the system's explanation when the folder
    ///   cannot be opened.
    package static func names(in path: String) throws(SourceProblem) -> [String] {
        guard let folder = opendir(path) else {
            throw SourceProblem(path: path, reason: .unreadable(systemMessage()))
        }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." {
                names.append(name)
            }
        }
        return names
    }

    /// The system's explanation of the current `errno`.
    /// Whether two paths name the same existing file, whatever their spelling (device and
    /// inode compared): writing to one would destroy the other.
    package static func isSameFile(_ first: String, _ second: String) -> Bool {
        var one = stat()
        var other = stat()
        return stat(first, &one) == 0 && stat(second, &other) == 0 && one.st_dev == other.st_dev && one.st_ino == other.st_ino
    }

    private static func systemMessage() -> String {
        String(cString: strerror(errno))
    }
}
