import ColorManagement
import JPEGCodec
import PNGCodec
import Text

/// What made a sheet: recorded in its manifest, because the same inputs and options give
/// the same bytes only with the same program and libraries.
public enum PinboardVersion {
    public static let current = "0.3.0"

    /// The libraries whose behaviour is in a sheet's bytes, by name: libpng (decoding,
    /// gamma), zlib (the compressed stream), libjpeg-turbo (IDCT and upsampling), FreeType
    /// (caption glyphs), Little CMS (colour profiles to sRGB).
    public static let libraries: [String: String] = [
        "libpng": PNGLibraries.libpng,
        "zlib": PNGLibraries.zlib,
        "libjpeg": JPEGDecoder.libraryVersion,
        "freetype": Font.freetypeVersion,
        "lcms2": ColorTransform.libraryVersion,
    ]
}
