import ImageInput

/// What only TIFF's writer can get wrong, carried as `ImageError.Reason.format`.
public enum TIFFFailure: FormatFailure {
    /// libtiff, or the shim around it, refused to write; its words.
    case encodeFailed(String)

    public var description: String {
        switch self {
        case .encodeFailed(let message): "cannot encode: \(message)"
        }
    }
}
