import ImageInput
import Synchronization

/// The damage decoders read past while the tiles of one sheet rendered, gathered from the
/// worker threads so the caller can tell the user once the sheet is written.
final class ReadWarningLog: Sendable {
    private let warnings = Mutex<[ImageWarning]>([])

    func add(_ more: [ImageWarning]) {
        guard !more.isEmpty else { return }
        warnings.withLock { $0 += more }
    }

    /// Sorted by path: the workers finish in no fixed order, and the user should read the
    /// same lines on every run.
    var sorted: [ImageWarning] {
        warnings.withLock { $0 }.sorted { $0.path < $1.path }
    }
}
