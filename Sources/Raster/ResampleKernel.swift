/// A filter's kernel stretched for one axis's scale, sampled at the taps of one destination
/// pixel after another: what a weight table is made from.
///
/// Lanczos3's value is a product of two sines, and a table asks for one value a tap of every
/// destination pixel: millions for a sheet of thumbnails, whose tables down (one per source
/// height) are seldom asked for twice. A pixel's taps are evenly spaced, so both sines are
/// turned from one tap to the next by a fixed angle (sin(a + d) = sin a · cos d + cos a · sin d),
/// starting from the first tap's, which the series gives: two series a destination pixel
/// instead of two a tap.
struct ResampleKernel {
    let filter: ResampleFilter
    /// How far the kernel is stretched: the reduction factor, or 1 when enlarging.
    let stretch: Double
    /// The distance from one tap to the next, in stretched source pixels.
    private let step: Double
    /// The sine and cosine of π / `stretch` and of a third of it: lanczos3's two turns from
    /// one tap to the next.
    private let turn: (sin: Double, cos: Double)
    private let turnThird: (sin: Double, cos: Double)

    /// Below this distance from the centre a turned sine is not used: lanczos3 divides its
    /// sines by the distance squared, which would magnify the turns' drift of a few ulps
    /// (an absolute error) as the distance nears zero. Taken by the series there instead.
    private static let nearCentre = 0.125

    init(filter: ResampleFilter, stretch: Double) {
        self.filter = filter
        self.stretch = stretch
        step = 1 / stretch
        turn = (ResampleFilter.sinPi(step), ResampleFilter.sinPi(step + 0.5))
        turnThird = (ResampleFilter.sinPi(step / 3), ResampleFilter.sinPi(step / 3 + 0.5))
    }

    /// Writes the kernel's value at each of `row`'s taps: tap `k` lies
    /// `(start + k − centre + ½) / stretch` source pixels (after stretching) from the
    /// destination pixel's centre, as `ResampleFilter.weight(at:)` takes it.
    func sample(into row: UnsafeMutableBufferPointer<Double>, start: Int, centre: Double) {
        guard filter == .lanczos3 else {
            for tap in row.indices { row[tap] = filter.weight(at: (Double(start + tap) - centre + 0.5) / stretch) }
            return
        }
        let first = (Double(start) - centre + 0.5) / stretch
        var sineThird = ResampleFilter.sinPi(first / 3)
        var cosineThird = ResampleFilter.sinPi(first / 3 + 0.5)
        // The first tap's whole angle from its third: sin 3θ = 3 sin θ − 4 sin³ θ and
        // cos 3θ = 4 cos³ θ − 3 cos θ.
        var sine = sineThird * (3 - 4 * sineThird * sineThird)
        var cosine = cosineThird * (4 * cosineThird * cosineThird - 3)
        for tap in row.indices {
            let x = first + Double(tap) * step
            if x.magnitude < ResampleKernel.nearCentre {
                row[tap] = filter.weight(at: x)
            } else if x >= -3, x < 3 {
                row[tap] = ResampleFilter.lanczos3(x, sine: sine, sineThird: sineThird)
            } else {
                row[tap] = 0
            }
            (sine, cosine) = (sine * turn.cos + cosine * turn.sin, cosine * turn.cos - sine * turn.sin)
            (sineThird, cosineThird) = (
                sineThird * turnThird.cos + cosineThird * turnThird.sin,
                cosineThird * turnThird.cos - sineThird * turnThird.sin
            )
        }
    }
}
