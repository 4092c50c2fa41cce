import Geometry

extension ChannelLayout {
    /// The layout of a sheet over `background`: the one place that decides RGB or RGBA.
    package init(background: Color) {
        self = background.isOpaque ? .rgb : .rgba
    }
}
