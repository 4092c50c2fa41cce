import Pinboard
import Raster

/// How a tile of sheet B is drawn on the diff sheet.
enum DiffMark: Sendable {
    /// Faded, like the background: nothing to see here.
    case unchanged
    /// Drawn as it is, with the pixels that changed painted over.
    case changed(ChangeMask)
    /// Drawn as it is inside an orange frame: its size changed, so no pixel was compared.
    case resized
    /// Drawn as it is inside a green frame: it is not on sheet A.
    case added
}
