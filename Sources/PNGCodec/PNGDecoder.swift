import ImageInput

/// Whole-image PNG decoding, for sources small enough to hold and for tests.
///
/// Any valid PNG (every colour type and bit depth, palette with tRNS, 16-bit,
/// Adam7, gAMA) comes out as 8-bit straight-alpha RGBA in sRGB; 16-bit samples
/// are rounded. `PNGRowReader` is the streaming form.
package enum PNGDecoder {
    package static func decode(path: String, limits: DecodeLimits = .default) throws(ImageError) -> RGBAImage {
        try PNGRowReader(path: path, limits: limits).readImage()
    }

    package static func decode(bytes: some Collection<UInt8>, name: String = "<memory>", limits: DecodeLimits = .default) throws(ImageError) -> RGBAImage {
        try PNGRowReader(bytes: bytes, name: name, limits: limits).readImage()
    }
}
