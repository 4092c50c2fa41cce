import Synchronization

/// How much of each pixel in a rounded corner lies inside the curve: the antialiasing mask
/// that `Band.composite(_:at:cornerRadius:)` and `Band.fill(_:with:cornerRadius:)` apply.
///
/// The table covers the `radius × radius` pixels of the top-left corner, row by row, with
/// pixel (0, 0) the outermost one; the other three corners are its mirror images. The arc
/// is a quarter circle of radius `radius` centred `radius` px in from both edges, so it
/// meets the straight edges exactly at the corner square's sides.
///
/// Each value is the exact area of the pixel square inside the circle, not a sample: with
/// `u`, `v` the distances from the centre, a pixel spans `[a, a + 1] × [b, b + 1]` and its
/// covered area is
///
///     ∫ₐ^(a+1) clamp(√(r² − u²) − b, 0, 1) du
///
/// which splits where the arc crosses `v = b + 1` (`u₁ = √(r² − (b + 1)²)`) and `v = b`
/// (`u₀ = √(r² − b²)`): left of `u₁` the pixel column is full, right of `u₀` empty, and in
/// between the area is `F(u) − b·u` with `F(u) = ∫₀ᵘ √(r² − t²) dt = (u·√(r² − u²) + r²·asin(u/r)) / 2`.
/// The whole corner sums to the quarter disc, `π·r²/4`.
package struct CornerCoverage: Hashable, Sendable {
    /// The corner's radius in pixels; 0 is a square corner with an empty table.
    package let radius: Int
    /// `radius × radius` coverages as fractions of `TilePixels.unit`, outermost pixel first.
    package let values: [UInt16]

    /// The table for `radius`, computed once: O(radius²) inverse sines.
    ///
    /// A negative radius is taken as 0.
    package init(radius: Int) {
        let radius = max(radius, 0)
        self.radius = radius
        var values: [UInt16] = []
        values.reserveCapacity(radius * radius)
        for row in 0..<radius {
            for column in 0..<radius {
                let area = CornerCoverage.area(column: column, row: row, radius: radius)
                values.append(UInt16((area * Double(TilePixels.unit)).rounded()))
            }
        }
        self.values = values
    }

    /// The coverage of the corner pixel `column`, `row` (0 the outermost), a fraction of `TilePixels.unit`.
    package func coverage(column: Int, row: Int) -> UInt16 {
        values[row * radius + column]
    }

    /// The exact area, in [0, 1], of the top-left corner pixel `column`, `row` that lies
    /// inside a quarter circle of radius `radius` centred at (`radius`, `radius`).
    package static func area(column: Int, row: Int, radius: Int) -> Double {
        let r = Double(radius)
        // Distances from the centre to the pixel's near edges.
        let a = Double(radius - column - 1)
        let b = Double(radius - row - 1)
        let fullUntil = (r * r - (b + 1) * (b + 1)).squareRoot()
        let emptyFrom = (r * r - b * b).squareRoot()
        let full = min(max(fullUntil, a), a + 1) - a
        let low = min(max(fullUntil, a), a + 1)
        let high = min(max(emptyFrom, a), a + 1)
        let partial = (areaUnderArc(high, radius: r) - areaUnderArc(low, radius: r)) - b * (high - low)
        return min(max(full + partial, 0), 1)
    }

    /// `∫₀ᵘ √(r² − t²) dt`, the area under the quarter circle from its centre's column to `u`.
    private static func areaUnderArc(_ u: Double, radius r: Double) -> Double {
        let ratio = min(u / r, 1)
        return (u * max(r * r - u * u, 0).squareRoot() + r * r * arcsine(ratio)) / 2
    }

    /// asin(x) for x in [0, 1], computed here because the standard library has none.
    ///
    /// Above ½ it uses asin(x) = π/2 − 2·asin(√((1 − x)/2)), so the Taylor series
    /// Σ (2n)! / (4ⁿ·n!²·(2n + 1))·x²ⁿ⁺¹ only ever sees x ≤ ½, where each term is under a
    /// quarter of the one before: 30 terms are past double precision.
    static func arcsine(_ x: Double) -> Double {
        if x > 0.5 { return Double.pi / 2 - 2 * arcsine(((1 - x) / 2).squareRoot()) }
        let square = x * x
        var term = x
        var sum = x
        var coefficient = 1.0
        for n in 1...30 {
            // (2n)! / (4ⁿ·n!²) from its predecessor: times (2n − 1) / (2n).
            coefficient *= Double(2 * n - 1) / Double(2 * n)
            term *= square
            sum += coefficient * term / Double(2 * n + 1)
        }
        return sum
    }

    /// The table for `radius`, shared across bands and threads so each radius is computed
    /// once per process rather than once per tile per band.
    static func shared(radius: Int) -> CornerCoverage {
        if let table = cache.withLock({ $0[radius] }) { return table }
        let table = CornerCoverage(radius: radius)
        cache.withLock { tables in
            // Tiles smaller than twice the radius clamp it, so a sheet can ask for a few
            // radii; a bound keeps a pathological mix from growing the cache for ever.
            if tables.count >= 64 { tables.removeAll() }
            tables[radius] = table
        }
        return table
    }

    private static let cache = Mutex<[Int: CornerCoverage]>([:])
}
