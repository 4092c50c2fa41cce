/// When a pixel of B counts as changed from the pixel of A at the same place.
///
/// A pixel is changed when it passes every test given: its largest channel difference is
/// over `threshold`, and, when `colorThreshold` is set, its perceptual colour distance is
/// over that too (see `PerceptualColor`). With `ignoresAntialiasing`, a changed pixel that
/// pixelmatch's detector takes for the edge of a shape anti-aliased differently
/// (`AntialiasingDetector`) is counted as anti-aliased instead, and never as changed.
///
/// The init takes any numbers: the comparison that uses the criteria checks their ranges
/// first (PinboardCompare's `ComparisonOptions.validate()`), so a bad value is a typed error
/// there rather than a trap here.
///
/// ```swift
/// // pixelmatch's defaults: threshold 0.1, anti-aliasing ignored
/// let criteria = PixelCriteria(colorThreshold: 0.1, ignoresAntialiasing: true)
/// ```
public struct PixelCriteria: Sendable, Hashable {
    /// The largest difference in any channel, alpha included, still counted as unchanged, 0…255.
    public var threshold: Int
    /// pixelmatch's `threshold`, 0…1: the largest perceptual distance still unchanged, as a
    /// share of the largest distance there is; nil to test channels only.
    public var colorThreshold: Double?
    /// Whether pixels that differ only by anti-aliasing are counted apart.
    public var ignoresAntialiasing: Bool
    /// What pixels that are not opaque are blended over for the colour distance and the
    /// anti-aliasing detector: white (pixelmatch 6, the default) or pixelmatch 7's checkerboard.
    public var alphaBackground: AlphaBackground

    public init(
        threshold: Int = 0, colorThreshold: Double? = nil, ignoresAntialiasing: Bool = false, alphaBackground: AlphaBackground = .white
    ) {
        self.threshold = threshold
        self.colorThreshold = colorThreshold
        self.ignoresAntialiasing = ignoresAntialiasing
        self.alphaBackground = alphaBackground
    }
}
