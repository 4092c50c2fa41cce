/// What a probe learns of an image without decoding a pixel: enough to lay it out,
/// choose a reduction, and later convert its colours.
public struct ImageInfo: Sendable, Hashable {
    /// The reading format's name, as `ImageFormat.name` gives it: "PNG", "JPEG".
    public let format: String
    /// The stored size, before orientation.
    public let width: Int
    public let height: Int
    /// How the stored pixels must be turned to stand upright.
    public let orientation: Orientation
    /// Whether the stored pixels carry an alpha channel. A PNG's tRNS chunk can still
    /// make pixels of an image without one transparent, which only a decode reveals.
    public let hasAlpha: Bool
    /// What the file says its colours are (an ICC profile, or HEIF's `nclx` code points),
    /// when the probe saw it; nil when there is nothing or the format's probe does not look.
    package let color: ColorDescription?
    /// When the photo was taken, as its EXIF says (see `EXIF.taken`); nil when the file
    /// has no EXIF date or the format's probe does not look.
    public let taken: CaptureTime?

    package init(format: String, width: Int, height: Int, orientation: Orientation = .identity,
                hasAlpha: Bool, color: ColorDescription? = nil, taken: CaptureTime? = nil) {
        self.format = format
        self.width = width
        self.height = height
        self.orientation = orientation
        self.hasAlpha = hasAlpha
        self.color = color
        self.taken = taken
    }

    /// The embedded ICC profile, when the colour is described by one.
    public var iccProfile: [UInt8]? { color?.iccProfile }

    /// The size the image is shown at, once turned upright.
    public var uprightWidth: Int { orientation.swapsDimensions ? height : width }
    public var uprightHeight: Int { orientation.swapsDimensions ? width : height }
}
