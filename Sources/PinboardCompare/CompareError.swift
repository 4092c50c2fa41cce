import PinboardIO
import Pinboard

/// Why two sheets, images or folders could not be compared; each case names what was at
/// fault. Differences found are not errors: they are the `SheetComparison`.
public enum CompareError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A sheet could not be read: missing, not a PNG, damaged.
    case unreadableSheet(path: String, reason: String)
    /// A sheet's embedded manifest is there but is not a manifest pinboard can read, or
    /// does not fit the sheet it came with.
    case badManifest(path: String, reason: String)
    /// An image of a folder compared could not be read, or the folder itself.
    case unreadableImage(path: String, reason: String)
    /// The diff sheet could not be written.
    case cannotWrite(path: String, reason: String)
    /// The diff sheet's path is one of the sheets compared: writing would destroy it.
    case outputIsInput(path: String)
    /// A file of ignored areas could not be read, or is not what `IgnoredArea` describes.
    case badIgnoreFile(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadableSheet(let path, let reason): "\(path): cannot read the sheet: \(reason)"
        case .badManifest(let path, let reason): "\(path): the embedded manifest is damaged: \(reason)"
        case .unreadableImage(let path, let reason): "\(path): cannot read the image: \(reason)"
        case .cannotWrite(let path, let reason): "\(path): cannot write: \(reason)"
        case .outputIsInput(let path): "\(path): the output is also an input; choose another output path"
        case .badIgnoreFile(let path, let reason): "\(path): cannot use the ignore file: \(reason)"
        }
    }

    /// A failure of the facade's manifest reader or atomic output, as the comparison
    /// reports it.
    init(_ error: WriteError) {
        self = .cannotWrite(path: error.path, reason: error.reason.description)
    }

    init(_ error: PinboardError) {
        switch error {
        case .badManifest(let path, let reason): self = .badManifest(path: path, reason: reason)
        case .noManifest(let path): self = .badManifest(path: path, reason: "there is none")
        case .cannotWrite(let error): self.init(error)
        case .outputIsInput(let path): self = .outputIsInput(path: path)
        case .unreadableSheet(let path, let reason): self = .unreadableSheet(path: path, reason: reason)
        default: self = .unreadableSheet(path: "", reason: error.description)
        }
    }
}
