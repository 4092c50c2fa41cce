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

    /// The kernel's value at `x` source pixels (after stretching) from a destination
    /// pixel's centre.
    func weight(at x: Double) -> Double {
        switch self {
        case .lanczos3:
            // Half-open like Pillow's, so that the same taps come out at the window's edges.
            guard x >= -3, x < 3 else { return 0 }
            return ResampleFilter.sinc(x) * ResampleFilter.sinc(x / 3)
        case .box:
            return x > -0.5 && x <= 0.5 ? 1 : 0
        case .bilinear:
            let distance = abs(x)
            return distance < 1 ? 1 - distance : 0
        case .nearest:
            return x > -0.5 && x <= 0.5 ? 1 : 0
        }
    }

    /// sin(πx) / (πx), with the limit 1 at 0.
    private static func sinc(_ x: Double) -> Double {
        guard x != 0 else { return 1 }
        return sinPi(x) / (Double.pi * x)
    }

    /// sin(πx), computed here because the standard library has no sine and Raster imports
    /// nothing else.
    ///
    /// The argument is reduced to [-½, ½] (where sin(πx) is odd and has period 2), then the
    /// Taylor series runs to the 23rd power, far past double precision on that interval.
    private static func sinPi(_ x: Double) -> Double {
        var t = x - 2 * (x / 2).rounded()
        if t > 0.5 {
            t = 1 - t
        } else if t < -0.5 {
            t = -1 - t
        }
        let angle = Double.pi * t
        let square = angle * angle
        var term = angle
        var sum = angle
        var power = 1.0
        while power < 23 {
            term *= -square / ((power + 1) * (power + 2))
            sum += term
            power += 2
        }
        return sum
    }
}
