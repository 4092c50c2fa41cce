import ImageInput

/// JPEG as the registry sees it: FF D8 FF, the marker-walking probe with EXIF
/// orientation and the ICC profile, and libjpeg-turbo's rows, shrunk in the DCT when
/// the caller needs less.
package enum JPEGFormat: HeaderFormat {
    package typealias Header = JPEGHeader
    package typealias Reader = JPEGRowReader
    package static let name = "JPEG"
    package static let fileExtensions = ["jpg", "jpeg"]
}
