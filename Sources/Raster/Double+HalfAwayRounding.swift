extension Double {
    /// `rounded()` (halves away from zero) as an integer, without its call into the C
    /// library, which the baseline x86-64 build makes every time, and without branches on
    /// the fraction, which a weight table's random fractions would mispredict half the time:
    /// the value truncated, and one added or taken away by the fraction left, which is
    /// exact for any magnitude an `Int` holds.
    @inline(__always) var roundedHalfAway: Int {
        let truncated = Int(self)
        let fraction = self - Double(truncated)
        let up = fraction >= 0.5 ? 1 : 0
        let down = fraction <= -0.5 ? 1 : 0
        return truncated &+ up &- down
    }
}
