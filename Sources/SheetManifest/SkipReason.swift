import ColorManagement
import ImageInput
import PinboardIO

/// Why a source gave no tile, or a tile with no pixels, as a value: the manifest and the
/// terminal turn it into words, and a caller matches the case (a pixel limit, an
/// unreadable folder) instead of reading a sentence.
///
/// Two reasons are equal when they say the same: a manifest read back from a file holds
/// its reasons as the words written (`recorded`), and must equal the manifest it was.
public enum SkipReason: Hashable, Sendable, CustomStringConvertible {
    /// Scanning the inputs met a path that gives no source.
    case scan(ScanReason)
    /// The file could not be opened, probed or decoded.
    case image(ImageError.Reason)
    /// The file's colour profile could not be converted.
    case color(ColorError)
    /// The decoded pixels could not be cropped or resampled into the tile.
    case render(RenderStep, detail: String)
    /// Justified rows were limited to this many, and the source came after the last of them.
    case pastMaxRows(Int)
    /// `--dedupe`: the file's content (its SHA-256) is that of the source at this path, placed before it.
    case duplicate(of: String)
    /// A reason as a manifest read back from a file words it.
    case recorded(String)
    /// A reason with the way out a caller adds, such as the option that lifts a limit.
    indirect case hinted(SkipReason, hint: String)

    /// The step of drawing a tile that failed.
    public enum RenderStep: String, Hashable, Sendable {
        case crop
        case resample
    }

    public var description: String {
        switch self {
        case .scan(let reason): reason.description
        case .image(let reason): reason.description
        case .color(let error): error.description
        case .render(let step, let detail): "cannot \(step.rawValue): \(detail)"
        case .pastMaxRows(let rows): "after the last of the \(rows) rows the board is limited to"
        case .duplicate(let original): "a duplicate of \(original) (the same SHA-256)"
        case .recorded(let text): text
        case .hinted(let reason, let hint): "\(reason) (\(hint))"
        }
    }

    public static func == (lhs: SkipReason, rhs: SkipReason) -> Bool {
        lhs.description == rhs.description
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(description)
    }
}
