import Differences
import Geometry
import Pinboard
import Raster

/// How a tile of sheet B is drawn on the diff sheet.
enum DiffMark: Sendable {
    /// Faded, like the background: nothing to see here.
    case unchanged
    /// Drawn as it is, with what the comparison found painted over it.
    case marked(TileMarks)
    /// Drawn as it is inside a green frame: it is not on sheet A.
    case added
}

/// What the comparison of one tile found, in the tile's own coordinates, for the diff sheet.
struct TileMarks: Sendable {
    /// The changed pixels, in `DiffPaint.changedColor`; the mask has the tile's size.
    var changes: ChangeMask
    /// The pixels that differ by anti-aliasing only, in `DiffPaint.antialiasedColor`.
    var antialiased: ChangeMask?
    /// Ignored areas, hatched in `DiffPaint.maskedColor`.
    var ignored: [Rect]
    /// When the sizes differ, the area both share: the tile is framed in
    /// `DiffPaint.resizedColor` and what lies outside that area is hatched in it.
    var common: Size?

    /// Whether there is anything to draw.
    var isEmpty: Bool {
        changes.changedCount == 0 && (antialiased?.changedCount ?? 0) == 0 && ignored.isEmpty && common == nil
    }
}
