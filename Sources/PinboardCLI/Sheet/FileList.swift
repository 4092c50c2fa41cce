import Foundation
import Pinboard

/// `--files-from FILE`: more inputs read from a file or standard input, so a list made
/// by another tool (`find … -print0 | pinboard --files-from - --null`) needs no shell
/// arguments, and no length limit of theirs applies.
enum FileList {
    /// A list that could not be read, with the path as given and the system's words.
    struct ReadFailure: Error, CustomStringConvertible {
        let path: String
        /// The `errno` of the failed open or read.
        let code: Int32

        var description: String { "cannot read the list of files '\(path)': \(String(cString: strerror(code)))" }
    }

    /// The paths in the list at `path` (`-`: standard input), as `SourceList` reads them.
    static func paths(in path: String, null: Bool) throws(ReadFailure) -> [String] {
        let fd = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw ReadFailure(path: path, code: errno) }
        defer { if fd != STDIN_FILENO { close(fd) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadFailure(path: path, code: errno)
            }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return SourceList.paths(in: bytes, null: null)
    }
}
