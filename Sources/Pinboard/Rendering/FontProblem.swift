import Text

/// Why the captions' and title's font could not be used, as a value.
public enum FontProblem: Hashable, Sendable, CustomStringConvertible {
    /// No font was given and DejaVu Sans is not installed.
    case noneFound
    /// The font was found but FreeType refused it.
    case unusable(TextError)

    public var description: String {
        switch self {
        case .noneFound: "no font found: install DejaVu Sans (Debian: fonts-dejavu-core) or give --font PATH"
        case .unusable(let error): error.description
        }
    }
}
