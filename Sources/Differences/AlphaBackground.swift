/// What a pixel that is not opaque is blended over before its colour is measured:
/// pixelmatch 6's white, or pixelmatch 7's checkerboard (its default, `checkerboard: true`).
///
/// The checkerboard is pixelmatch 7.2's own (`colorDelta` and `brightnessDelta` in its
/// `index.js`): from the byte offset `k = 4 × (y × width + x)` of the pixel in its image,
/// red is `48 + 159 × (k mod 2)`, green `48 + 159 × (⌊k / φ⌋ mod 2)` and blue
/// `48 + 159 × (⌊k / φ²⌋ mod 2)`. As `k` is a multiple of 4, red is always 48: the pattern
/// is pixelmatch's, quirk included, so counts equal its own.
public enum AlphaBackground: String, Sendable, Hashable, CaseIterable {
    case white
    case checkerboard

    /// The background under the pixel at `index` (`y × width + x`) of its image.
    @inline(__always)
    func color(at index: Int) -> (Double, Double, Double) {
        switch self {
        case .white:
            return (255, 255, 255)
        case .checkerboard:
            let k = Double(4 * index)
            let green = Int(k / 1.618033988749895) % 2
            let blue = Int(k / 2.618033988749895) % 2
            return (48, Double(48 + 159 * green), Double(48 + 159 * blue))
        }
    }
}
