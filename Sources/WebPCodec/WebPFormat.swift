import ImageInput

/// WebP as the registry sees it: `RIFF` and `WEBP` around the size, libwebp's header
/// probe, and the first frame decoded whole, reduced on load when the caller needs less.
public enum WebPFormat: HeaderFormat {
    public typealias Header = WebPHeader
    public typealias Reader = WebPRowReader
    public static let name = "WebP"
    public static let fileExtensions = ["webp"]
}
