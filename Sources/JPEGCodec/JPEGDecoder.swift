import CJPEG
import ImageInput

/// Whole-image JPEG decodes for callers that do not stream: tests, small tiles, tools.
package enum JPEGDecoder {
    /// The decoding library and its version, e.g. `libjpeg-turbo 2.1.5`: another version
    /// may round some pixels differently.
    package static let libraryVersion = String(cString: cjpeg_library_version())

    /// Decodes the JPEG at `path`, DCT-scaled as far as `minimumUprightSize` allows, and turned upright.
    ///
    /// - Parameter minimumUprightSize: the smallest upright size the caller can use; for
    ///   orientations 5–8 it is swapped before choosing the scale. Nil decodes at full size.
    package static func decode(
        path: String, minimumUprightSize: (width: Int, height: Int)? = nil, limits: DecodeLimits = .default
    ) throws(ImageError) -> RGBAImage {
        let header = try JPEGHeader.probe(path: path, limits: limits)
        let stored = minimumUprightSize.map { header.orientation.swapsDimensions ? ($0.height, $0.width) : $0 }
        let reader = try JPEGRowReader(path: path, minimumSize: stored, limits: limits)
        return reader.orientation.apply(to: try reader.readImage())
    }

    /// Decodes JPEG bytes held in memory at full size, turned upright.
    package static func decode(bytes: some Collection<UInt8>, name: String = "<memory>", limits: DecodeLimits = .default) throws(ImageError) -> RGBAImage {
        let reader = try JPEGRowReader(bytes: bytes, name: name, limits: limits)
        return reader.orientation.apply(to: try reader.readImage())
    }
}
