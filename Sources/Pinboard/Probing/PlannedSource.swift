import Geometry
import ImageInput
import Layout
import Raster
import SheetManifest

/// A source that passed the header probe and has a place on the sheet.
public struct PlannedSource: Sendable, Hashable {
    /// What the tile is drawn from.
    public enum Format: Sendable, Hashable {
        /// An image file, read by the format its probe found (see `ImageRegistry`).
        case image(ImageInfo)
        /// A block of one colour with no file behind it: what `pinboard demo` draws.
        case block(Color, Size)
    }

    public let path: String
    /// What opens the file (see `Source.location`).
    public let location: String
    /// What pairs the source with its namesake on another sheet (see `Source.name`).
    public let name: String
    public let format: Format
    /// The SHA-256 of the file as 64 lowercase hex digits; nil for blocks, which have no file.
    public let sha256: String?
    /// The description of the embedded profile its pixels are converted from; nil when
    /// there is none, it is sRGB's own, it cannot be used, or conversion is off.
    public let colorProfile: String?
    /// The file's size and modification time, from the descriptor the probe read; nil for blocks.
    public let file: FileFacts?

    /// What the file system says of a source's file.
    public struct FileFacts: Sendable, Hashable {
        /// Bytes.
        public let size: Int
        /// The modification time, UTC.
        public let modified: CaptureTime
        /// Nanoseconds past `modified`'s second, so files written in one second keep their order.
        public let modifiedNanoseconds: Int

        public init(size: Int, modified: CaptureTime, modifiedNanoseconds: Int = 0) {
            self.size = size
            self.modified = modified
            self.modifiedNanoseconds = modifiedNanoseconds
        }
    }

    init(
        path: String, name: String? = nil, location: String? = nil, format: Format, sha256: String? = nil,
        colorProfile: String? = nil, file: FileFacts? = nil
    ) {
        self.path = path
        self.location = location ?? path
        self.name = name ?? Source.lastComponent(of: path)
        self.format = format
        self.sha256 = sha256
        self.colorProfile = colorProfile
        self.file = file
    }

    /// When the photo was taken: its EXIF date (see `EXIF.taken`), else the file's
    /// modification time; nil for blocks.
    public var taken: CaptureTime? {
        if case .image(let info) = format, let taken = info.taken { return taken }
        return file?.modified
    }

    /// The size the layout uses: upright, after any orientation the file records.
    public var size: Size {
        switch format {
        case .image(let info): Size(width: info.uprightWidth, height: info.uprightHeight)
        case .block(_, let size): size
        }
    }
}
