import ImageInput

/// What only a JPEG can get wrong before libjpeg sees it, carried as
/// `ImageError.Reason.format`: the segments the probe walks to find the frame header.
public enum JPEGFailure: FormatFailure {
    /// A segment's length field is shorter than the length field itself, or than the
    /// frame header it introduces.
    case badSegmentLength(marker: UInt8, length: Int)
    /// The image data starts, or the file ends, before any frame header (SOFn).
    case missingFrameHeader(foundMarker: UInt8)
    /// Component counts other than 1 (grey), 3 (YCbCr or RGB) and 4 (CMYK or YCCK).
    case unsupportedComponents(Int)

    public var description: String {
        switch self {
        case .badSegmentLength(let marker, let length):
            "marker \(Self.hex(UInt32(marker), digits: 2)) declares an impossible length \(length)"
        case .missingFrameHeader(let marker):
            "no frame header (SOFn) before marker \(Self.hex(UInt32(marker), digits: 2))"
        case .unsupportedComponents(let count):
            "\(count) colour components (only 1, 3 and 4 are decoded)"
        }
    }
}
