import ImageInput

/// GIF as the registry sees it: `GIF87a` or `GIF89a`, a probe walking to the first image
/// descriptor, and giflib's rows of the first frame on its transparent logical screen.
public enum GIFFormat: HeaderFormat {
    public typealias Header = GIFHeader
    public typealias Reader = GIFRowReader
    public static let name = "GIF"
    public static let fileExtensions = ["gif"]
}
