import Layout
import Raster

/// A tile's pixels as drawn, with the cut taken from its scaled source when it was cropped
/// (under an attention focus the cut is only known once the pixels are), and how much of
/// its source was drawn when decoding failed partway.
struct RenderedTile: Hashable, Sendable {
    let pixels: TilePixels
    let cut: TileCrop?
    var drawnInPart: DrawnInPart? = nil
}
