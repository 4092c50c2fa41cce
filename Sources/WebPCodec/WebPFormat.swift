import ImageInput

/// WebP as the registry sees it: `RIFF` and `WEBP` around the size, libwebp's header
/// probe, and the first frame decoded whole, reduced on load when the caller needs less.
package enum WebPFormat: HeaderFormat {
    package typealias Header = WebPHeader
    package typealias Reader = WebPRowReader
    package static let name = "WebP"
    package static let fileExtensions = ["webp"]
}
