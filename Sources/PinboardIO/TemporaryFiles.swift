import Foundation

/// The temporary files (and pyramids' temporary folders) being written right now, so a signal handler can remove them
/// before the process dies (an interrupted run must leave no partial file behind).
package final class TemporaryFiles: @unchecked Sendable {
    package static let shared = TemporaryFiles()

    private let lock = NSLock()
    private var paths = Set<String>()

    package func insert(_ path: String) {
        lock.withLock { _ = paths.insert(path) }
    }

    package func remove(_ path: String) {
        lock.withLock { _ = paths.remove(path) }
    }

    /// Deletes every file and folder still being written; for the CLI's SIGINT and SIGTERM handler.
    package func removeAll() {
        lock.withLock {
            // A pyramid's temporary folder goes with everything in it; `unlink` refuses a folder.
            for path in paths where unlink(path) != 0 { try? FileManager.default.removeItem(atPath: path) }
            paths.removeAll()
        }
    }
}
