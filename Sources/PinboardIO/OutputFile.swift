import Foundation

/// One output file, written as its destination asks (`OutputDestination`): a regular file,
/// or nothing yet, through an `AtomicOutput` in the folder where the destination's links
/// end; a device or a FIFO opened and written in order, as `cat > FIFO` writes it, with no
/// temporary file and no rename; a folder or a socket refused before anything is written.
///
/// Every file pinboard writes goes through one: sheets, manifests, pages, diff sheets,
/// reports and golden updates.
package final class OutputFile {
    /// The path as the caller gave it, which every error names.
    package let destination: String
    /// Where the bytes go: the temporary file's descriptor, or the device's or FIFO's.
    package let fileDescriptor: Int32
    /// The file being replaced; nil when the destination is written through.
    private let replacement: AtomicOutput?
    private var settled = false

    /// Opens the way to `destination`: creates the temporary file beside the file it
    /// replaces, or opens the device or FIFO for writing, which for a FIFO waits for a
    /// reader, as `cat > FIFO` does.
    ///
    /// - Throws: `WriteError` naming `destination`: as `AtomicOutput` for a file, the
    ///   system's error when a device or FIFO cannot be opened, `.unsuitableDestination` for
    ///   a folder or a socket.
    package init(destination: String) throws(WriteError) {
        self.destination = destination
        switch try OutputDestination.resolve(destination) {
        case .file(let target):
            let output = try Self.naming(destination) { () throws(WriteError) in try AtomicOutput(destination: target) }
            replacement = output
            fileDescriptor = output.fileDescriptor
        case .stream(let path):
            var fd: Int32
            // A reader may take its time; a signal while waiting for one is no failure.
            repeat { fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC) } while fd < 0 && errno == EINTR
            guard fd >= 0 else { throw WriteError(path: destination, reason: .system(errno: errno)) }
            replacement = nil
            fileDescriptor = fd
        }
    }

    deinit {
        discard()
    }

    /// Starts writing a replacement's bytes to the disk (`AtomicOutput.startWriteback`); a
    /// device or FIFO has no disk to wait for.
    package func startWriteback() {
        replacement?.startWriteback()
    }

    /// Puts the file in place (`AtomicOutput.commit`), or closes the device or FIFO, whose
    /// reader then sees the end.
    ///
    /// - Throws: `WriteError` naming the destination.
    package func commit() throws(WriteError) {
        guard !settled else { return }
        settled = true
        if let replacement {
            try Self.naming(destination) { () throws(WriteError) in try replacement.commit() }
        } else if close(fileDescriptor) != 0 {
            throw WriteError(path: destination, reason: .system(errno: errno))
        }
    }

    /// Removes a replacement's temporary file, the destination untouched; closes a device
    /// or FIFO, which keeps what was written to it, as any interrupted writer leaves it.
    package func discard() {
        guard !settled else { return }
        settled = true
        if let replacement { replacement.discard() } else { close(fileDescriptor) }
    }

    /// Runs `step`, its errors naming `destination` rather than the link's target.
    private static func naming<T>(_ destination: String, _ step: () throws(WriteError) -> T) throws(WriteError) -> T {
        do {
            return try step()
        } catch {
            throw WriteError(path: destination, reason: error.reason)
        }
    }
}
