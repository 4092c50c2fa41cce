import Foundation

/// Writes text files atomically, as sheets are written: a manifest, a report, a board page.
public enum TextOutput {
    /// Writes `text` as UTF-8 to `path`, replacing it only once complete (`AtomicOutput`).
    public static func write(_ text: String, to path: String) throws(WriteError) {
        let output = try AtomicOutput(destination: path)
        try write(text, toFileDescriptor: output.fileDescriptor, name: path)
        try output.commit()
    }

    /// Writes `text` as UTF-8 to an open descriptor, all of it; `name` is what errors report.
    public static func write(_ text: String, toFileDescriptor fd: Int32, name: String) throws(WriteError) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw WriteError(path: name, reason: .system(errno: errno))
            }
            offset += written
        }
    }
}
