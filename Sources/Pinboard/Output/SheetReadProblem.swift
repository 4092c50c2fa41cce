import ImageInput

/// Why a finished sheet or image could not be read, as a value.
public enum SheetReadProblem: Hashable, Sendable, CustomStringConvertible {
    /// The image readers' own reason: missing, not an image, cut short.
    case image(ImageReason)
    /// A folder was given where its other side is a file: a folder compares with a folder.
    case folderAgainstFile

    public var description: String {
        switch self {
        case .image(let reason): reason.description
        case .folderAgainstFile: "a folder can only be compared with another folder"
        }
    }
}
