import ImageInput

/// Why an image's colour description could not be used. The image is then drawn with its
/// samples taken as sRGB, as it was before colour management, and the reason is kept.
public enum ColorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Little CMS cannot read the profile, or build a transform from it; its words.
    case unreadableProfile(String)
    /// A profile of a colour space other than RGB or grey (CMYK, Lab, …), or nclx code
    /// points naming no RGB space pinboard knows.
    case unsupportedColorSpace(String)
    /// nclx code points with a high-dynamic-range transfer (PQ, HLG): left as stored,
    /// since fitting them into sRGB is tone mapping, not conversion.
    case highDynamicRange(description: String, transfer: String)
    /// The file embeds a profile that cannot be taken out of it (`ProfileDamage`).
    case damagedProfile(ProfileDamage)
    case outOfMemory

    public var description: String {
        switch self {
        case .unreadableProfile(let message): "embedded colour profile not used: \(message)"
        case .unsupportedColorSpace(let message): "embedded colour profile not used: \(message)"
        case .highDynamicRange(let description, let transfer):
            "\(description) not converted: \(transfer) is high dynamic range"
        case .outOfMemory: "embedded colour profile not used: out of memory"
        case .damagedProfile(let damage): "embedded colour profile not used: \(damage)"
        }
    }
}
