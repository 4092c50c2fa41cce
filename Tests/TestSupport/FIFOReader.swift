import Foundation

/// A FIFO in a test's folder with a reader at its other end: `cat FIFO > FILE`, as a user
/// would read one, so what a writer puts in it can be compared with a file.
package final class FIFOReader {
    package let path: String
    private let captured: String
    private let reader = Process()

    /// Makes the FIFO at `path` and starts its reader, which waits for a writer.
    package init(path: String) throws {
        self.path = path
        captured = path + ".read"
        guard mkfifo(path, 0o666) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        guard FileManager.default.createFile(atPath: captured, contents: nil) else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [path]
        reader.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: captured))
        try reader.run()
    }

    /// Every byte the reader got, once the writer has closed its end; nil when no writer
    /// came within `timeout` seconds (the reader is then stopped, so a test fails rather
    /// than hangs).
    package func bytes(timeout: Double = 10) -> Data? {
        let deadline = Date().addingTimeInterval(timeout)
        while reader.isRunning, Date() < deadline { usleep(10_000) }
        guard !reader.isRunning else {
            stop()
            return nil
        }
        return FileManager.default.contents(atPath: captured)
    }

    /// Stops the reader with SIGKILL: the test runner's children inherit SIGTERM blocked.
    private func stop() {
        kill(reader.processIdentifier, SIGKILL)
        reader.waitUntilExit()
    }

    /// Whether `path` is still a FIFO, its link not followed.
    package var isFIFO: Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO
    }

    deinit {
        if reader.isRunning { stop() }
    }
}
