import Geometry
import Raster
import TestSupport
import Testing

@Suite("Rounded corners")
struct RoundedCornerTests {
    static let radii = [1, 2, 3, 5, 8, 13, 16, 33, 100]

    /// Where a `radius` corner's coverage applies to sheet pixel (`x`, `y`) of `rect`, or
    /// `nil` for a pixel between the corners (full coverage).
    static func coverage(x: Int, y: Int, in rect: Rect, radius: Int, table: CornerCoverage) -> UInt16? {
        let column = x - rect.x
        let row = y - rect.y
        let cornerColumn = column < radius ? column : column >= rect.width - radius ? rect.width - 1 - column : nil
        let cornerRow = row < radius ? row : row >= rect.height - radius ? rect.height - 1 - row : nil
        guard let cornerColumn, let cornerRow else { return nil }
        return table.coverage(column: cornerColumn, row: cornerRow)
    }

    @Test("a corner's exact areas sum to the quarter disc", arguments: radii)
    func exactSum(radius: Int) {
        var sum = 0.0
        for row in 0..<radius {
            for column in 0..<radius {
                sum += CornerCoverage.area(column: column, row: row, radius: radius)
            }
        }
        let quarterDisc = Double.pi * Double(radius * radius) / 4
        // Analytic areas leave only floating-point error, far inside the 1e-3 asked for.
        #expect(abs(sum - quarterDisc) < 1e-9)
        // The area left outside, r²·(1 − π/4).
        #expect(abs((Double(radius * radius) - sum) - Double(radius * radius) * (1 - Double.pi / 4)) < 1e-9)
    }

    @Test("the 16-bit table sums to the quarter disc within its rounding", arguments: radii)
    func tableSum(radius: Int) {
        let table = CornerCoverage(radius: radius)
        #expect(table.values.count == radius * radius)
        let sum = table.values.reduce(0.0) { $0 + Double($1) } / 65535
        let quarterDisc = Double.pi * Double(radius * radius) / 4
        // Each value rounds by at most half a step.
        #expect(abs(sum - quarterDisc) <= Double(radius * radius) * 0.5 / 65535 + 1e-12)
    }

    @Test("the table is symmetric about the corner's diagonal and falls away from the centre", arguments: radii)
    func diagonal(radius: Int) {
        let table = CornerCoverage(radius: radius)
        for row in 0..<radius {
            for column in 0..<radius {
                #expect(table.coverage(column: column, row: row) == table.coverage(column: row, row: column))
                if column + 1 < radius {
                    #expect(table.coverage(column: column, row: row) <= table.coverage(column: column + 1, row: row))
                }
            }
        }
        // The innermost pixel touches the centre, so from radius 2 on the arc misses it.
        if radius >= 2 { #expect(table.coverage(column: radius - 1, row: radius - 1) == TilePixels.unit) }
    }

    @Test("hand-computed areas for radius 1 and 2")
    func handComputed() {
        // r = 1: the pixel is a quarter of the unit disc.
        #expect(abs(CornerCoverage.area(column: 0, row: 0, radius: 1) - Double.pi / 4) < 1e-12)
        // r = 2, outermost pixel: ∫₁^√3 (√(4 − u²) − 1) du = π/3 − √3 + 1.
        let root3 = Double(3).squareRoot()
        #expect(abs(CornerCoverage.area(column: 0, row: 0, radius: 2) - (Double.pi / 3 - root3 + 1)) < 1e-12)
        // r = 2, beside it: ∫₀¹ (√(4 − u²) − 1) du = √3/2 + π/3 − 1.
        #expect(abs(CornerCoverage.area(column: 1, row: 0, radius: 2) - (root3 / 2 + Double.pi / 3 - 1)) < 1e-12)
        #expect(abs(CornerCoverage.area(column: 0, row: 1, radius: 2) - (root3 / 2 + Double.pi / 3 - 1)) < 1e-12)
        #expect(CornerCoverage.area(column: 1, row: 1, radius: 2) == 1)
        // r = 8, outermost: the square [7, 8]² lies wholly outside (7² + 7² > 8²).
        #expect(CornerCoverage.area(column: 0, row: 0, radius: 8) == 0)
        #expect(CornerCoverage(radius: 8).coverage(column: 0, row: 0) == 0)
        #expect(CornerCoverage(radius: 1).values == [UInt16((Double.pi / 4 * 65535).rounded())])
    }

    @Test(
        "an opaque tile over a transparent sheet: alpha is the coverage, the four corners mirror each other",
        arguments: [(24, 16, 5), (30, 30, 15), (11, 40, 4), (9, 7, 100), (50, 20, 1)])
    func opaqueOverTransparent(width: Int, height: Int, radius: Int) throws {
        let rect = Rect(x: 3, y: 2, width: width, height: height)
        let tile = try TilePixels(TestImages.solid(Color(red: 200, green: 40, blue: 90), width: width, height: height))
        var band = try Band(width: width + 6, rows: 0..<(height + 4), background: .transparent)
        band.composite(tile, at: rect, cornerRadius: radius)
        let clamped = min(radius, min(width, height) / 2)
        let table = CornerCoverage(radius: clamped)
        for y in band.rows {
            for x in 0..<band.width {
                let actual = band.color(x: x, y: y)
                let inside = x >= rect.x && x < rect.x + width && y >= rect.y && y < rect.y + height
                guard inside else {
                    #expect(actual == .transparent, "(\(x), \(y)) outside the rect")
                    continue
                }
                let mirroredX = 2 * rect.x + width - 1 - x
                let mirroredY = 2 * rect.y + height - 1 - y
                #expect(actual == band.color(x: mirroredX, y: y), "(\(x), \(y)) against its left-right mirror")
                #expect(actual == band.color(x: x, y: mirroredY), "(\(x), \(y)) against its top-bottom mirror")
                switch Self.coverage(x: x, y: y, in: rect, radius: clamped, table: table) {
                case nil, TilePixels.unit:
                    #expect(actual == Color(red: 200, green: 40, blue: 90), "(\(x), \(y)) fully inside")
                case 0:
                    #expect(actual == .transparent, "(\(x), \(y)) fully outside the curve")
                case let coverage?:
                    let expected = (Double(coverage) / 65535 * 255).rounded()
                    #expect(abs(Double(actual.alpha) - expected) <= 1, "(\(x), \(y)) alpha \(actual.alpha), coverage \(coverage)")
                    // The colour under a partial alpha is still the tile's.
                    if actual.alpha >= 16 {
                        #expect(abs(Int(actual.red) - 200) <= 4 && abs(Int(actual.green) - 40) <= 4 && abs(Int(actual.blue) - 90) <= 4)
                    }
                }
            }
        }
    }

    @Test("over an opaque sheet a corner pixel mixes tile and background by its coverage", arguments: [4, 9, 20])
    func opaqueBlend(radius: Int) throws {
        let size = 2 * radius + 3
        let rect = Rect(x: 0, y: 0, width: size, height: size)
        let tile = try TilePixels(TestImages.solid(.white, width: size, height: size))
        let background = Color(red: 10, green: 20, blue: 30)
        var band = try Band(width: size, rows: 0..<size, background: background)
        band.composite(tile, at: rect, cornerRadius: radius)
        let table = CornerCoverage(radius: radius)
        for row in 0..<radius {
            for column in 0..<radius {
                let fraction = Double(table.coverage(column: column, row: row)) / 65535
                let actual = band.color(x: column, y: row)
                for (channel, bottom) in zip([actual.red, actual.green, actual.blue], [10.0, 20.0, 30.0]) {
                    #expect(abs(Double(channel) - (255 * fraction + bottom * (1 - fraction)).rounded()) <= 1)
                }
            }
        }
    }

    static let backgrounds: [Color] = [.white, .transparent, Color(red: 51, green: 102, blue: 153, alpha: 128)]

    @Test("radius 0 draws byte for byte what composite and fill draw", arguments: backgrounds, [0, -3])
    func radiusZero(background: Color, radius: Int) throws {
        let tile = try TilePixels(TestImages.random(width: 17, height: 12, seed: 42))
        let veil = Color(red: 10, green: 200, blue: 30, alpha: 77)
        var plain = try Band(width: 30, rows: 0..<20, background: background)
        var rounded = plain
        plain.composite(tile, at: Rect(x: 4, y: 3, width: 17, height: 12))
        plain.fill(Rect(x: 10, y: 8, width: 15, height: 20), with: veil)
        rounded.composite(tile, at: Rect(x: 4, y: 3, width: 17, height: 12), cornerRadius: radius)
        rounded.fill(Rect(x: 10, y: 8, width: 15, height: 20), with: veil, cornerRadius: radius)
        #expect(plain.withUnsafeBytes { Array($0) } == rounded.withUnsafeBytes { Array($0) })
    }

    @Test(
        "a rounded tile across bands draws as in one band",
        arguments: backgrounds,
        [Rect(x: 5, y: 3, width: 20, height: 15), Rect(x: -6, y: 0, width: 40, height: 12),
         Rect(x: 2, y: 8, width: 26, height: 4), Rect(x: 0, y: -4, width: 30, height: 30)])
    func acrossBands(background: Color, rect: Rect) throws {
        let tile = try TilePixels(TestImages.random(width: rect.width, height: rect.height, seed: UInt64(rect.width)))
        var whole = try Band(width: 30, rows: 0..<20, background: background)
        var bands = try [0..<7, 7..<10, 10..<11, 11..<20].map { try Band(width: 30, rows: $0, background: background) }
        whole.composite(tile, at: rect, cornerRadius: 6)
        whole.fill(Rect(x: 1, y: 1, width: 9, height: 17), with: Color(red: 90, green: 90, blue: 90, alpha: 200), cornerRadius: 4)
        for index in bands.indices {
            bands[index].composite(tile, at: rect, cornerRadius: 6)
            bands[index].fill(Rect(x: 1, y: 1, width: 9, height: 17), with: Color(red: 90, green: 90, blue: 90, alpha: 200), cornerRadius: 4)
        }
        #expect(whole.withUnsafeBytes { Array($0) } == Array(bands.map { $0.withUnsafeBytes { Array($0) } }.joined()))
    }

    @Test("a rounded fill draws what a rounded tile of its colour draws", arguments: backgrounds)
    func fillMatchesTile(background: Color) throws {
        let veil = Color(red: 10, green: 200, blue: 30, alpha: 177)
        let rect = Rect(x: 2, y: 1, width: 21, height: 14)
        var filled = try Band(width: 25, rows: 0..<16, background: background)
        var drawn = filled
        filled.fill(rect, with: veil, cornerRadius: 5)
        drawn.composite(try TilePixels(TestImages.solid(veil, width: 21, height: 14)), at: rect, cornerRadius: 5)
        #expect(filled.withUnsafeBytes { Array($0) } == drawn.withUnsafeBytes { Array($0) })
    }

    @Test("a radius past half the shorter side draws as that half")
    func clamped() throws {
        let tile = try TilePixels(TestImages.random(width: 12, height: 7, seed: 3, alpha: { _ in 255 }))
        var huge = try Band(width: 14, rows: 0..<9, background: .white)
        var half = huge
        huge.composite(tile, at: Rect(x: 1, y: 1, width: 12, height: 7), cornerRadius: 1000)
        half.composite(tile, at: Rect(x: 1, y: 1, width: 12, height: 7), cornerRadius: 3)
        #expect(huge.withUnsafeBytes { Array($0) } == half.withUnsafeBytes { Array($0) })
    }
}
