/// How 8-bit pixels sit in a row: the one vocabulary the compositor, every sink and every
/// encoder share, so a band's rows go to a writer as they are.
public enum ChannelLayout: Int, Hashable, Sendable {
    /// Red, green, blue: a sheet whose background is opaque, where nothing can show through.
    case rgb = 3
    /// Red, green, blue and straight (not premultiplied) alpha.
    case rgba = 4

    /// Bytes a pixel.
    public var channelCount: Int { rawValue }
}
