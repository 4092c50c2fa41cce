import Foundation

/// The only place that asks the operating system about paths, through POSIX calls.
///
/// POSIX rather than `FileManager` because its answers are exact where the scanner needs
/// them to be: `lstat` and `stat` tell a link from its target, `readdir` gives names as the
/// bytes they are (a name that is not UTF-8 is still a file), and `strerror` gives the
/// short reason ("Permission denied") that a problem message quotes.
package enum FileSystem {
    /// What `path` names, following symbolic links.
    package static func status(of path: String) -> FileStatus {
        status(of: Array(path.utf8))
    }

    /// What the path of these bytes names, following symbolic links.
    package static func status(of path: [UInt8]) -> FileStatus {
        withCString(path) { path in
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
    }

    /// The names in the folder at `path`, as bytes, hidden ones included, `.` and `..`
    /// excluded, in the order the system lists them.
    ///
    /// - Throws: A `SourceProblem` for `path` with the system's explanation when the folder
    ///   cannot be opened.
    package static func names(in path: [UInt8]) throws(SourceProblem) -> [[UInt8]] {
        guard let folder = withCString(path, { opendir($0) }) else {
            throw SourceProblem(path: PathSpelling.spelling(of: path), reason: .unreadable(systemMessage()))
        }
        defer { closedir(folder) }
        var names: [[UInt8]] = []
        while let entry = readdir(folder) {
            let name = entryName(entry)
            if name != [UInt8(ascii: ".")], name != [UInt8(ascii: "."), UInt8(ascii: ".")] {
                names.append(name)
            }
        }
        return names
    }

    /// The name in a directory entry, read in place up to its terminating zero.
    ///
    /// Not by copying `d_name`: the system sizes each entry to its name, so the last entry
    /// of its buffer can end well before the 256 bytes the field is declared with.
    static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        guard let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) else {
            return []
        }
        let start = UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: UInt8.self)
        return Array(UnsafeBufferPointer(start: start, count: strlen(UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self))))
    }

    /// A string that opens the file at the path of these bytes, for code that takes paths
    /// as `String` (every decoder does).
    ///
    /// UTF-8 bytes are their own string. Other bytes cannot survive a `String`, so the file
    /// is opened with `O_PATH` (a handle that reads nothing and holds no lock) and named by
    /// `/proc/self/fd/N`, which the kernel resolves to that very file. The handle stays open
    /// for the life of the process, one per such file, and is shared by every scan of it.
    ///
    /// - Throws: A `SourceProblem` with the system's explanation when no handle can be had
    ///   (most often: too many open files).
    package static func location(of path: [UInt8]) throws(SourceProblem) -> String {
        if let text = String(validating: path, as: UTF8.self) {
            return text
        }
        return try PathHandles.shared.location(of: path)
    }

    /// Whether two paths name the same existing file, whatever their spelling (device and
    /// inode compared): writing to one would destroy the other.
    package static func isSameFile(_ first: String, _ second: String) -> Bool {
        var one = stat()
        var other = stat()
        return stat(first, &one) == 0 && stat(second, &other) == 0 && one.st_dev == other.st_dev && one.st_ino == other.st_ino
    }

    /// Calls `body` with the bytes as a C string; a path holds no zero byte.
    static func withCString<Result>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        let cString = path.map { CChar(bitPattern: $0) } + [0]
        return body(cString)
    }

    /// The system's explanation of the current `errno`.
    static func systemMessage() -> String {
        String(cString: strerror(errno))
    }
}
