import Foundation
import Pinboard
import PinboardIO

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
        let bytes: [UInt8]
        do {
            bytes = try DescriptorInput.readAll(fd)
        } catch {
            throw ReadFailure(path: path, code: error.code)
        }
        return SourceList.paths(in: bytes, null: null)
    }
}
