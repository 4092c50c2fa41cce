import Geometry
import ImageInput

/// What is wrong with a manifest found in a sheet, as a value: the words come only when
/// `PinboardError.badManifest` is shown.
public enum ManifestProblem: Hashable, Sendable, CustomStringConvertible {
    /// The container that carries it is damaged (a chunk's checksum, a TIFF tag, a JPEG
    /// segment chain).
    case container(ImageReason)
    /// The text is not JSON; `detail` is the JSON reader's account of where it stopped.
    case notJSON(detail: String)
    /// A member every manifest has is missing at `location` (`.items[3]`).
    case missingMember(String, at: String)
    /// A member holds the wrong kind of value at `location`.
    case wrongValue(detail: String, at: String)
    /// It describes a sheet of another size than the image it came with.
    case sizeMismatch(manifest: Size, image: Size)
    /// A tile it lists lies outside the sheet.
    case tileOutsideSheet(source: String, rect: Rect)

    public var description: String {
        switch self {
        case .container(let reason): reason.description
        case .notJSON(let detail): "not valid JSON (\(detail))"
        case .missingMember(let key, let location): "'\(key)' missing at \(location)"
        case .wrongValue(let detail, let location): "\(detail) at \(location)"
        case .sizeMismatch(let manifest, let image):
            "it describes a \(manifest.width)×\(manifest.height) sheet, the image is \(image.width)×\(image.height)"
        case .tileOutsideSheet(let source, let rect): "the tile of \(source) at \(rect) is not inside the sheet"
        }
    }
}
