import Foundation
import ImageInput

/// Why an output could not be written, with the path it was for: `board.png: cannot write:
/// No space left on device`.
public typealias WriteError = PathFailure<WriteReason>

/// Why an output could not be written, as a value: the system's error number, the missing
/// folder, what is at the destination, or what an encoder said, so callers match a case,
/// not a sentence.
public enum WriteReason: Error, Hashable, Sendable, CustomStringConvertible {
    /// A system call failed with this `errno`.
    case system(errno: Int32)
    /// The output's folder does not exist.
    case missingFolder(String)
    /// A folder on the way to the output could not be made (`mkdir` failed with this `errno`).
    case cannotCreateFolder(String, errno: Int32)
    /// What is at this path, the destination or where its symbolic links lead, cannot take
    /// the output: a folder or a socket for one file; a device, a FIFO or a socket for a
    /// pyramid, which is a folder of files (a file is written through a device or FIFO).
    case unsuitableDestination(String, FileType)
    /// The output makes no sense for what it would hold (a diff sheet of two folders).
    case refused(String)
    /// The encoder or whatever else produced the bytes failed, in its own words.
    case encoder(String)

    /// The message after the path, `cannot write: …`.
    public var description: String { "cannot write: " + detail }

    /// What went wrong, without the words every write failure starts with.
    package var detail: String {
        switch self {
        case .system(let code): String(cString: strerror(code))
        case .missingFolder(let folder): "the folder \(folder) does not exist"
        case .cannotCreateFolder(let folder, let code): "cannot create the folder \(folder): \(String(cString: strerror(code)))"
        case .unsuitableDestination(let path, .folder): "\(path) is a folder; name a file to write, in it or elsewhere"
        case .unsuitableDestination(let path, .socket): "\(path) is a socket, which cannot be opened to write a file into; name another path"
        case .unsuitableDestination(let path, let type):
            "\(path) is \(type), which cannot hold a pyramid's files; write the pyramid into a folder, or a one-file format to it"
        case .refused(let why), .encoder(let why): why
        }
    }
}
