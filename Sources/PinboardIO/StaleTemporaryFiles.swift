import Foundation

/// The temporary files of writes to one destination, named so a user recognises them and
/// a later run can tell the ones nobody is writing any more.
///
/// A write goes to `.NAME.pinboard-PID.tmp` beside the destination `NAME` (with `-N`
/// before `.tmp` for a second write from the same process), and is renamed into place
/// when whole. A run stopped by SIGINT or SIGTERM removes its file; one killed outright
/// (SIGKILL, a power cut, the out-of-memory killer) cannot, and leaves it. The next write
/// to the same destination removes every such file whose process no longer runs; a file
/// of a running process, another pinboard writing the same sheet, is left alone.
public struct StaleTemporaryFiles {
    package let destinationName: String

    package init(destinationName: String) {
        self.destinationName = destinationName
    }

    private var prefix: String { ".\(destinationName).pinboard-" }

    /// The temporary file's name for a write by process `pid`.
    package func name(pid: Int32, attempt: Int) -> String {
        prefix + "\(pid)" + (attempt == 0 ? "" : "-\(attempt)") + ".tmp"
    }

    /// The process that wrote the file `name`, when it is one of this destination's.
    func writer(of name: String) -> Int32? {
        guard name.hasPrefix(prefix), name.hasSuffix(".tmp") else { return nil }
        let middle = name.dropFirst(prefix.count).dropLast(".tmp".count)
        let digits = middle.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard digits.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) else { return nil }
        return digits.first.flatMap { Int32($0) }
    }

    /// Deletes this destination's temporary files in `folder` whose writer has exited, and
    /// the temporary folders a pyramid is written in (`DeepZoomSink`), with what they hold.
    package func remove(in folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names {
            guard let pid = writer(of: name), pid != getpid(), !Self.isRunning(pid) else { continue }
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
    }

    /// Whether a process with this id exists (`kill` with signal 0 asks without sending).
    private static func isRunning(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
