import ImageInput

/// GIF as the registry sees it: `GIF87a` or `GIF89a`, a probe walking to the first image
/// descriptor, and giflib's rows of the first frame on its transparent logical screen.
package enum GIFFormat: HeaderFormat {
    package typealias Header = GIFHeader
    package typealias Reader = GIFRowReader
    package static let name = "GIF"
    package static let fileExtensions = ["gif"]
}
