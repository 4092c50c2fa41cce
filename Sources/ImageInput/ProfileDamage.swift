/// Why an embedded ICC profile could not be taken out of a file whose image still reads.
///
/// The image is then drawn with its samples taken as sRGB; keeping the reason lets the
/// manifest say so, where dropping the profile without a word left a user wondering why
/// the colours were off.
public enum ProfileDamage: Sendable, Hashable, CustomStringConvertible {
    /// PNG iCCP: the profile name is empty, over 79 bytes or not followed by its NUL.
    case badName
    /// PNG iCCP: a compression method other than 0, zlib's, the only one PNG defines.
    case compressionMethod(UInt8)
    /// The compressed profile is not one whole zlib stream; zlib's words.
    case brokenCompression(String)
    /// The profile inflates to more than `limit` bytes, far beyond any real profile.
    case overLimit(limit: Int)

    public var description: String {
        switch self {
        case .badName: "the iCCP chunk's profile name is missing or unterminated"
        case .compressionMethod(let method): "the iCCP chunk's compression method \(method) is not 0 (zlib), the only one defined"
        case .brokenCompression(let message): "the profile's zlib data is damaged (\(message))"
        case .overLimit(let limit): "the profile inflates to more than \(limit) bytes"
        }
    }
}
