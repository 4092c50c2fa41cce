import Layout
import Raster

extension Manifest {
    /// The manifest of an image that was never laid out (a plain image compared, a sheet
    /// kept in memory before its manifest is known): its size, one lane, no tiles.
    public static func plain(width: Int, height: Int, background: Color = .white) -> Manifest {
        Manifest(
            width: width, height: height, direction: .vertical, lanes: 1, padding: 0, margin: 0,
            background: background, items: [], skipped: [])
    }
}
