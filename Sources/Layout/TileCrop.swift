import Geometry

/// How a tile shows part of its source rather than all of it: the source is scaled to
/// `scaled`, and the tile is the part of that at `(x, y)`, as large as the tile.
///
/// Two things crop: a grid cell under `GridFit.cover`, and the even bottom's levelling. The
/// layout decides the scaled size; `x` and `y` are where a centred crop cuts (the odd pixel
/// lost after), which a renderer focusing on the busiest part may move.
public struct TileCrop: Hashable, Sendable {
    /// The size the source is resampled to before it is cut.
    public let scaled: Size
    /// Columns of the scaled source left of the tile.
    public let x: Int
    /// Rows of the scaled source above the tile.
    public let y: Int

    public init(scaled: Size, x: Int, y: Int) {
        (self.scaled, self.x, self.y) = (scaled, x, y)
    }

    /// The centred cut of `scaled` down to `kept`: `⌊(scaled − kept) / 2⌋` lost before on
    /// each axis, the rest after.
    public static func centred(scaled: Size, keeping kept: Size) -> TileCrop {
        TileCrop(scaled: scaled, x: (scaled.width - kept.width) / 2, y: (scaled.height - kept.height) / 2)
    }
}
