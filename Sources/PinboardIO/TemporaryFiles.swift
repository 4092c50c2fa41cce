import Foundation

/// The temporary files being written right now, so a signal handler can remove them
/// before the process dies (an interrupted run must leave no partial file behind).
public final class TemporaryFiles: @unchecked Sendable {
    public static let shared = TemporaryFiles()

    private let lock = NSLock()
    private var paths = Set<String>()

    func insert(_ path: String) {
        lock.withLock { _ = paths.insert(path) }
    }

    func remove(_ path: String) {
        lock.withLock { _ = paths.remove(path) }
    }

    /// Deletes every file still being written; for the CLI's SIGINT and SIGTERM handler.
    public func removeAll() {
        lock.withLock {
            for path in paths { unlink(path) }
            paths.removeAll()
        }
    }
}
