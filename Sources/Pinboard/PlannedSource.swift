import JPEGCodec
import Layout
import PNGCodec
import Raster

/// A source that passed the header probe and has a place on the sheet.
public struct PlannedSource: Sendable, Hashable {
    /// The decoder a source needs, chosen by the file's signature, not its name.
    public enum Format: Sendable, Hashable {
        case png(ImageHeader)
        case jpeg(JPEGHeader)
        /// A block of one colour with no file behind it: what `pinboard demo` draws.
        case block(Color, Size)
    }

    public let path: String
    public let format: Format

    /// The size the layout uses: upright, after EXIF orientation for JPEGs.
    public var size: Size {
        switch format {
        case .png(let header): Size(width: header.width, height: header.height)
        case .jpeg(let header): Size(width: header.orientedWidth, height: header.orientedHeight)
        case .block(_, let size): size
        }
    }
}
