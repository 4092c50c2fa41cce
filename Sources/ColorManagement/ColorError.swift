/// Why an embedded ICC profile could not be used. The image is then drawn with its
/// samples taken as sRGB, as it was before colour management, and the reason is kept.
public enum ColorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Little CMS cannot read the profile, or build a transform from it; its words.
    case unreadableProfile(String)
    /// A profile of a colour space other than RGB or grey (CMYK, Lab, …).
    case unsupportedColorSpace(String)
    case outOfMemory

    public var description: String {
        switch self {
        case .unreadableProfile(let message): "embedded colour profile not used: \(message)"
        case .unsupportedColorSpace(let message): "embedded colour profile not used: \(message)"
        case .outOfMemory: "embedded colour profile not used: out of memory"
        }
    }
}
