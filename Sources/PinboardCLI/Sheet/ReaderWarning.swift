import Layout
import SheetOutput

/// The warning after a PNG sheet some common reader will refuse by default
/// (`ReaderLimit`): the readers, their limits, and the option that keeps a sheet within them.
enum ReaderWarning {
    /// The warning for a sheet of `width` × `height` pixels written to `path`, or nil when
    /// every reader opens it.
    static func message(path: String, width: Int, height: Int, direction: Direction) -> String? {
        let exceeded = ReaderLimit.exceeded(width: width, height: height)
        guard !exceeded.isEmpty else { return nil }
        let readers = exceeded.map(\.description)
        let listed = readers.count == 1 ? readers[0] : readers.dropLast().joined(separator: ", ") + " and " + readers[readers.count - 1]
        return "Warning: \(path) is \(width)×\(height) px, past what \(listed) will open: "
            + wayOut(exceeded, width: width, direction: direction)
    }

    /// The option that brings the sheet within every limit passed.
    private static func wayOut(_ exceeded: [ReaderLimit], width: Int, direction: Direction) -> String {
        guard direction == .vertical else { return "spread the images over several sheets with fewer rows or images" }
        let heights = exceeded.map { $0.maxHeight(width: width) }
        guard let tallest = heights.compactMap(\.self).min(), !heights.contains(nil) else {
            let side = exceeded.filter { $0.maxHeight(width: width) == nil }.map(\.limit).min() ?? width
            return "make it narrower with --width \(side)"
        }
        return "split it with --max-height \(tallest)"
    }
}
