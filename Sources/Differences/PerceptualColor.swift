/// The perceptual colour distance pixelmatch measures, so that `--threshold-color 0.1`
/// means in pinboard what `threshold: 0.1` means there.
///
/// The space is NTSC's YIQ: Y is brightness, I and Q the two colour axes, each a linear
/// mix of R, G and B. Kotsarenko and Ramos (2010, "Measuring perceived color difference
/// using YIQ NTSC transmission color space in mobile applications") weigh the squared
/// differences `0.5053·ΔY² + 0.299·ΔI² + 0.1957·ΔQ²`, brightness weighing most as it
/// does for the eye: a cheap stand-in for Lab-based distances such as CIEDE2000, a few
/// multiplications on sRGB values with no conversion to linear light or to Lab. That cost
/// matters because it runs on every pixel that differs. The largest distance there is, red
/// against cyan, is 35215 (black against white is 32857), so a threshold T in 0…1 accepts
/// distances up to `35215·T²`. A pixel that is not opaque is blended over the `AlphaBackground` first (white, or pixelmatch 7's checkerboard), as
/// pixelmatch does.
enum PerceptualColor {
    /// The distance between red and cyan, the largest there is: pixelmatch's scale.
    static let maximumDistance = 35215.0

    /// The weighted squared YIQ distance between pixel `a` and pixel `b`, 0…35215.
    @inline(__always)
    static func distance(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, over background: (Double, Double, Double)) -> Double {
        guard a.loadUnaligned(as: UInt32.self) != b.loadUnaligned(as: UInt32.self) else { return 0 }
        let (r1, g1, b1) = blended(a, over: background)
        let (r2, g2, b2) = blended(b, over: background)
        let y = brightness(r1, g1, b1) - brightness(r2, g2, b2)
        let i = (r1 * 0.59597799 - g1 * 0.27417610 - b1 * 0.32180189) - (r2 * 0.59597799 - g2 * 0.27417610 - b2 * 0.32180189)
        let q = (r1 * 0.21147017 - g1 * 0.52261711 + b1 * 0.31114694) - (r2 * 0.21147017 - g2 * 0.52261711 + b2 * 0.31114694)
        return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    }

    /// The pixel's brightness, Y of YIQ, over `background`: subtracting two gives pixelmatch's
    /// brightness delta to the last bit, so a pixel compared with its eight neighbours is
    /// converted once.
    @inline(__always)
    static func brightness(of pixel: UnsafeRawPointer, over background: (Double, Double, Double)) -> Double {
        let (r, g, b) = blended(pixel, over: background)
        return brightness(r, g, b)
    }

    @inline(__always)
    private static func brightness(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }

    /// The pixel's colour blended over `background` by its alpha, in 0…255 (pixelmatch's `blend`).
    @inline(__always)
    private static func blended(_ pixel: UnsafeRawPointer, over background: (Double, Double, Double)) -> (Double, Double, Double) {
        let r = Double(pixel.load(as: UInt8.self))
        let g = Double(pixel.load(fromByteOffset: 1, as: UInt8.self))
        let b = Double(pixel.load(fromByteOffset: 2, as: UInt8.self))
        let alpha = pixel.load(fromByteOffset: 3, as: UInt8.self)
        guard alpha < 255 else { return (r, g, b) }
        let share = Double(alpha) / 255
        return (background.0 + (r - background.0) * share, background.1 + (g - background.1) * share,
                background.2 + (b - background.2) * share)
    }
}
