import CResample

/// The kernel used to scale a source to its tile.
///
/// The kernels and their radii are Pillow's (`ImagingResample`), so a tile matches what
/// `Image.resize` would make of the same source. When reducing, the kernel is stretched
/// by the reduction factor, which is what makes every filter but `nearest` antialiased.
public enum ResampleFilter: String, CaseIterable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// Windowed sinc with three lobes: the sharpest, and the default for photographs.
    case lanczos3
    /// The average of the source pixels each destination pixel covers.
    case box
    /// The triangle kernel: linear interpolation when enlarging, a tent average when reducing.
    case bilinear
    /// The one source pixel under each destination pixel's centre, without antialiasing.
    case nearest

    public var description: String { rawValue }

    /// The kernel's radius in source pixels before it is stretched for a reduction;
    /// `nearest` has no kernel and reads one pixel.
    var radius: Double {
        switch self {
        case .lanczos3: 3
        case .box: 0.5
        case .bilinear: 1
        case .nearest: 0
        }
    }

    /// The filter as CResample's weight tables name it; `nearest` never reaches them.
    var cresampleFilter: Int32 {
        switch self {
        case .lanczos3, .nearest: Int32(CRESAMPLE_LANCZOS3)
        case .box: Int32(CRESAMPLE_BOX)
        case .bilinear: Int32(CRESAMPLE_BILINEAR)
        }
    }
}
