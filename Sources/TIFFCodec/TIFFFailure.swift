import ImageInput

/// What only a TIFF can get wrong, carried as `ImageError.Reason.format`.
package enum TIFFFailure: FormatFailure {
    /// Samples no converter here takes (libtiff's RGBA reader, or the shim's own for
    /// 16-bit CMYK and CIELab): the first directory's photometric interpretation, bits
    /// and samples per pixel, sample format (1 unsigned, 2 signed, 3 floating point) and
    /// whether the samples lie in separate planes.
    case unconvertibleSamples(
        photometric: UInt16, bitsPerSample: UInt16, samplesPerPixel: UInt16, sampleFormat: UInt16, separatePlanes: Bool)
    /// libtiff, or the shim around it, refused to write; its words.
    case encodeFailed(String)

    package var description: String {
        switch self {
        case .unconvertibleSamples(let photometric, let bits, let samples, let format, let separate):
            "its pixels are \(Self.kind(photometric)) in \(samples) \(samples == 1 ? "sample" : "samples") of \(bits)-bit "
                + "\(Self.numbers(format))\(separate ? " in separate planes" : ""), which pinboard cannot convert "
                + "(it reads \(Self.supported))"
        case .encodeFailed(let message):
            "cannot encode: \(message)"
        }
    }

    /// What the converters take, by the depths each takes: said whole, since a list of
    /// kinds with one range of depths ("1- to 16-bit") read as if 12 bits were among them.
    static let supported = "grey of 1, 2, 4, 8 or 16 bits (8 or 16 signed), palettes of 1, 2, 4 or 8 bits, "
        + "RGB, CMYK and CIELab of 8 or 16 bits, and 8-bit YCbCr, as unsigned integers unless said"

    /// The photometric interpretation (tag 262) in words.
    private static func kind(_ photometric: UInt16) -> String {
        switch photometric {
        case 0, 1: "grey"
        case 2: "RGB"
        case 3: "palette indices"
        case 4: "a transparency mask"
        case 5: "separated inks (CMYK)"
        case 6: "YCbCr"
        case 8: "CIELab"
        case 9: "ICC Lab"
        case 10: "ITU Lab"
        case 32803: "raw camera samples (CFA)"
        case 32844, 32845: "LogLuv"
        case 34892: "linear raw camera samples"
        default: "photometric interpretation \(photometric)"
        }
    }

    /// The sample format (tag 339) in words.
    private static func numbers(_ format: UInt16) -> String {
        switch format {
        case 2: "signed integers"
        case 3: "floating point"
        case 5, 6: "complex numbers"
        default: "unsigned integers"
        }
    }
}
