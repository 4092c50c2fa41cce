import Foundation
import Pinboard

/// A one-line progress bar on stderr: images done of total, rate and time left.
///
/// Redrawn at most ten times a second, and only when stderr is a terminal, so logs and
/// pipes never fill with carriage returns.
final class ProgressBar {
    private var lastDraw = 0.0
    private var drawn = false

    static func forTerminal(quiet: Bool) -> ProgressBar? {
        quiet || isatty(STDERR_FILENO) == 0 ? nil : ProgressBar()
    }

    func update(_ progress: SheetProgress) {
        let done = progress.rowsDone == progress.rowsTotal
        guard done || progress.elapsed - lastDraw >= 0.1 else { return }
        lastDraw = progress.elapsed
        let fraction = progress.rowsTotal > 0 ? Double(progress.rowsDone) / Double(progress.rowsTotal) : 1
        let width = 24
        let filled = Int(fraction * Double(width))
        let rate = progress.elapsed > 0 ? Double(progress.tilesDone) / progress.elapsed : 0
        let remaining = fraction > 0 ? progress.elapsed * (1 - fraction) / fraction : 0
        let line = "\r[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] "
            + "\(progress.tilesDone)/\(progress.tilesTotal) images  \(String(format: "%.1f", rate))/s  "
            + (done ? "done in \(Self.clock(progress.elapsed))" : "ETA \(Self.clock(remaining))") + "   "
        FileHandle.standardError.write(Data(line.utf8))
        drawn = true
    }

    /// Ends the bar's line so later messages start on their own.
    func finish() {
        if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
    }

    private static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return String(format: "%d:%02d", whole / 60, whole % 60)
    }
}
