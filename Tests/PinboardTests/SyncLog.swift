import Foundation
import PinboardIO

/// What an `AtomicOutput` asked to sync, in order: the path behind each descriptor, and
/// whether the destination existed at that moment (it appears with the rename).
final class SyncLog {
    struct Call: Equatable {
        let path: String
        let destinationExists: Bool
    }

    let destination: String
    private(set) var calls: [Call] = []

    init(destination: String) {
        self.destination = destination
    }

    func record(_ fd: Int32) {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")) ?? "?"
        calls.append(Call(path: path, destinationExists: FileManager.default.fileExists(atPath: destination)))
    }
}
