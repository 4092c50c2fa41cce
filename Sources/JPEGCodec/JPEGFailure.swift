import ImageInput

/// What only a JPEG can get wrong outside libjpeg's own checks, carried as
/// `ImageError.Reason.format`: the segments the probe walks to find the frame header,
/// the manifest chain `JPEGManifest` joins, and what the encoder refused.
package enum JPEGFailure: FormatFailure {
    /// A segment's length field is shorter than the length field itself, or than the
    /// frame header it introduces.
    case badSegmentLength(marker: UInt8, length: Int)
    /// The image data starts, or the file ends, before any frame header (SOFn).
    case missingFrameHeader(foundMarker: UInt8)
    /// Component counts other than 1 (grey), 3 (YCbCr or RGB) and 4 (CMYK or YCCK).
    case unsupportedComponents(Int)
    /// The manifest's APP11 pieces disagree on their count, repeat or miss a sequence
    /// number: `sequences` are those found, `declared` the count the first piece gave.
    case brokenManifestChain(sequences: [Int], declared: Int)
    /// A manifest longer than the 255 pieces of an APP11 chain can carry.
    case manifestTooLong(bytes: Int, limit: Int)
    /// libjpeg, or the shim around it, refused to encode; its words.
    case encodeFailed(String)

    package var description: String {
        switch self {
        case .badSegmentLength(let marker, let length):
            "marker \(Self.hex(UInt32(marker), digits: 2)) declares an impossible length \(length)"
        case .missingFrameHeader(0xD9):
            "the file ends (EOI marker) before any frame header, which gives an image's size and colours"
        case .missingFrameHeader(0xDA):
            "the compressed image data (SOS marker) starts before any frame header, which gives an image's size and colours"
        case .missingFrameHeader(0xD8):
            "a second start of image (SOI marker) comes before any frame header, which gives an image's size and colours"
        case .missingFrameHeader(let marker):
            "marker \(Self.hex(UInt32(marker), digits: 2)) comes before any frame header, which gives an image's size and colours"
        case .unsupportedComponents(let count):
            "\(count) colour components (only 1, 3 and 4 are decoded)"
        case .brokenManifestChain(let sequences, let declared):
            "the manifest's APP11 chain declares \(declared) pieces but holds pieces \(sequences)"
        case .manifestTooLong(let bytes, let limit):
            "a manifest of \(bytes) bytes is over the \(limit) an APP11 chain holds"
        case .encodeFailed(let message):
            "cannot encode: \(message)"
        }
    }
}
