import Foundation

/// What a path names when it is not a regular file, as far as writing to it cares: the
/// things an output is written through (devices, FIFOs) or refused at (folders, sockets).
public enum FileType: Hashable, Sendable, CustomStringConvertible {
    case folder
    case characterDevice
    case blockDevice
    case fifo
    case socket

    /// What `path` names, symbolic links followed; nil for a regular file, for nothing, and
    /// for a path that cannot be examined (the write that follows reports why).
    public static func of(_ path: String) -> FileType? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileType(mode: status.st_mode)
    }

    /// The type a `stat` mode says; nil for a regular file or a symbolic link.
    init?(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFDIR: self = .folder
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        default: return nil
        }
    }

    /// The type as a message names it: `a FIFO`.
    public var description: String {
        switch self {
        case .folder: "a folder"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .fifo: "a FIFO"
        case .socket: "a socket"
        }
    }
}
