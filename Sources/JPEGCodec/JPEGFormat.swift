import ImageInput

/// JPEG as the registry sees it: FF D8 FF, the marker-walking probe with EXIF
/// orientation and the ICC profile, and libjpeg-turbo's rows, shrunk in the DCT when
/// the caller needs less.
public enum JPEGFormat: HeaderFormat {
    public typealias Header = JPEGHeader
    public typealias Reader = JPEGRowReader
    public static let name = "JPEG"
    public static let fileExtensions = ["jpg", "jpeg"]
}
