import Geometry

/// What a sink is told before the first band: everything an encoder must decide up front.
public struct SheetHeader: Hashable, Sendable {
    /// The colour space the rows are in. Every sheet is composed in sRGB; the case names
    /// what a sink tags its output with.
    public enum ColorSpace: Hashable, Sendable {
        case sRGB
    }

    public let width: Int
    public let height: Int
    public let channels: ChannelLayout
    public let colorSpace: ColorSpace

    public init(width: Int, height: Int, channels: ChannelLayout, colorSpace: ColorSpace = .sRGB) {
        self.width = width
        self.height = height
        self.channels = channels
        self.colorSpace = colorSpace
    }

    /// Bytes in one row.
    public var bytesPerRow: Int { width * channels.channelCount }
}
