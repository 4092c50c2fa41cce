extension Band {
    /// How a band stores its pixels, which is how the PNG writer takes its rows.
    public enum Format: Hashable, Sendable {
        /// 8-bit RGB, for a sheet whose background is opaque: nothing can show through it.
        case rgb
        /// 8-bit RGBA with straight alpha, for a background that is not opaque.
        case rgba

        /// The format of a sheet over `background`: the one place that decides RGB or RGBA.
        public init(background: Color) {
            self = background.isOpaque ? .rgb : .rgba
        }

        /// Bytes a pixel.
        public var channelCount: Int {
            switch self {
            case .rgb: 3
            case .rgba: 4
            }
        }
    }
}
