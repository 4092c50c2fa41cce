import SheetOutput
import Testing

/// A sheet's size and how its pyramid is cut: the cases of the Deep Zoom and the IIIF suite.
struct PyramidCase: CustomTestStringConvertible, Sendable {
    let width: Int
    let height: Int
    let tileSize: Int
    /// How far Deep Zoom tiles overlap; IIIF tiles never do, so its cases leave it 0.
    var overlap = 0

    var testDescription: String {
        overlap == 0 ? "\(width)×\(height) in tiles of \(tileSize)" : "\(width)×\(height), tiles of \(tileSize) overlapping by \(overlap)"
    }

    /// How a Deep Zoom case is cut, in PNG tiles.
    var settings: DeepZoomSettings { DeepZoomSettings(tileSize: tileSize, overlap: overlap, tileFormat: .png) }
}
