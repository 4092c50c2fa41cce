import Foundation

/// A file written under a temporary name beside its destination and renamed into place
/// only when complete, so a failed or interrupted run never leaves a partial sheet and
/// never touches a file already at the destination.
package final class AtomicOutput {
    package let destination: String
    let temporaryPath: String
    package let fileDescriptor: Int32
    private var settled = false

    package init(destination: String) throws(PinboardError) {
        self.destination = destination
        let url = URL(fileURLWithPath: destination)
        let template = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).pinboard-XXXXXX").path
        var bytes = Array(template.utf8CString)
        let fd = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        if fd < 0 { throw .cannotWrite(path: destination, reason: String(cString: strerror(errno))) }
        fileDescriptor = fd
        temporaryPath = String(decoding: bytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // mkstemp makes the file private (0600); a sheet is an ordinary file.
        fchmod(fd, 0o644)
        TemporaryFiles.shared.insert(temporaryPath)
    }

    deinit {
        discard()
    }

    /// Moves the finished file into place.
    package func commit() throws(PinboardError) {
        guard !settled else { return }
        settled = true
        TemporaryFiles.shared.remove(temporaryPath)
        if close(fileDescriptor) != 0 || rename(temporaryPath, destination) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw .cannotWrite(path: destination, reason: reason)
        }
    }

    /// Removes the temporary file; the destination stays as it was.
    package func discard() {
        guard !settled else { return }
        settled = true
        close(fileDescriptor)
        unlink(temporaryPath)
        TemporaryFiles.shared.remove(temporaryPath)
    }
}
