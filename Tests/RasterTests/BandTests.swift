import Geometry
import Raster
import TestSupport
import Testing

@Suite("Band compositing")
struct BandTests {
    static let backgrounds: [Color] = [
        .white, Color(red: 30, green: 60, blue: 90), .transparent,
        Color(red: 255, green: 0, blue: 0, alpha: 0), Color(red: 51, green: 102, blue: 153, alpha: 128),
    ]

    /// Every sheet pixel of `band` outside `rects`.
    static func uncovered(_ band: Band, by rects: [Rect]) -> [(Int, Int)] {
        var pixels: [(Int, Int)] = []
        for y in band.rows {
            for x in 0..<band.width
            where !rects.contains(where: { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }) {
                pixels.append((x, y))
            }
        }
        return pixels
    }

    @Test("a new band is the background, in the format the writer takes", arguments: backgrounds)
    func background(color: Color) throws {
        let band = try Band(width: 7, rows: 10..<13, background: color)
        #expect(band.format == (color.isOpaque ? .rgb : .rgba))
        #expect(band.bytesPerRow == 7 * band.format.channelCount)
        let bytes = band.withUnsafeBytes { Array($0) }
        #expect(bytes.count == 3 * band.bytesPerRow)
        let pixel = [color.red, color.green, color.blue, color.alpha].prefix(band.format.channelCount)
        #expect(bytes == Array(Array(repeating: pixel, count: 21).joined()))
    }

    @Test("opaque tiles come out exactly, the rest stays exactly the background", arguments: backgrounds)
    func opaqueTiles(background: Color) throws {
        var band = try Band(width: 50, rows: 20..<60, background: background)
        let first = try TilePixels(TestImages.random(width: 13, height: 9, seed: 1) { _ in 255 })
        let second = try TilePixels(TestImages.random(width: 21, height: 30, seed: 2) { _ in 255 })
        let rects = [Rect(x: 3, y: 25, width: 13, height: 9), Rect(x: 20, y: 24, width: 21, height: 30)]
        band.composite(first, at: rects[0])
        band.composite(second, at: rects[1])
        for (tile, rect) in zip([first, second], rects) {
            for y in 0..<rect.height {
                for x in 0..<rect.width {
                    #expect(band.color(x: rect.x + x, y: rect.y + y) == tile.color(x: x, y: y))
                }
            }
        }
        for (x, y) in Self.uncovered(band, by: rects) {
            #expect(band.color(x: x, y: y) == background, "(\(x), \(y))")
        }
    }

    @Test("translucent tiles are within ±1 of exact 'over'", arguments: backgrounds)
    func translucentTiles(background: Color) throws {
        // Low alphas matter most: an 8-bit premultiplied tile would miss there by far more than 1.
        let image = try TestImages.random(width: 64, height: 48, seed: 9) { generator in
            [0, 1, 2, 3, 5, 17, 128, 254, 255, UInt8.random(in: 0...255, using: &generator)].randomElement(using: &generator) ?? 0
        }
        var band = try Band(width: 70, rows: 0..<50, background: background)
        let rect = Rect(x: 4, y: 1, width: 64, height: 48)
        band.composite(TilePixels(image), at: rect)
        for y in 0..<rect.height {
            for x in 0..<rect.width {
                let source = image.color(x: x, y: y)
                let actual = band.color(x: rect.x + x, y: rect.y + y)
                #expect(OverMath.isClose(actual, to: source, over: background), "\(source) over \(background) gave \(actual)")
                if source.alpha == 0 { #expect(actual == background) }
            }
        }
        for (x, y) in Self.uncovered(band, by: [rect]) {
            #expect(band.color(x: x, y: y) == background)
        }
    }

    @Test("a resampled translucent tile is within ±1 of 'over' of its own colours", arguments: backgrounds)
    func resampledTile(background: Color) throws {
        let source = try TestImages.random(width: 90, height: 70, seed: 5)
        let tile = try Resampler.resample(source, width: 31, height: 23, filter: .lanczos3)
        var band = try Band(width: 31, rows: 0..<23, background: background)
        band.composite(tile, at: Rect(x: 0, y: 0, width: 31, height: 23))
        for y in 0..<23 {
            for x in 0..<31 {
                // The tile's own 8-bit rounding adds at most one more step at tiny alphas.
                let pixel = tile.premultiplied(x: x, y: y)
                let alpha = Double(pixel[3]) / 65535
                let backgroundAlpha = Double(background.alpha) / 255
                let outAlpha = alpha + backgroundAlpha * (1 - alpha)
                let actual = band.color(x: x, y: y)
                #expect(abs(Double(actual.alpha) - (outAlpha * 255).rounded()) <= 1)
                guard outAlpha > 0 else { continue }
                let expected = [background.red, background.green, background.blue].enumerated().map { channel, bottom in
                    ((Double(pixel[channel]) / 65535 + Double(bottom) / 255 * backgroundAlpha * (1 - alpha)) / outAlpha * 255)
                }
                let channels = [actual.red, actual.green, actual.blue]
                for channel in 0..<3 {
                    #expect(abs(Double(channels[channel]) - expected[channel].rounded()) <= 1)
                }
            }
        }
    }

    @Test(
        "a tile across two bands draws as in one band",
        arguments: backgrounds,
        [Rect(x: 5, y: 8, width: 20, height: 15), Rect(x: -6, y: 0, width: 40, height: 10),
         Rect(x: 20, y: 9, width: 30, height: 1), Rect(x: 10, y: 10, width: 5, height: 5),
         Rect(x: 0, y: -4, width: 30, height: 30)])
    func acrossBands(background: Color, rect: Rect) throws {
        let tile = try TilePixels(TestImages.random(width: rect.width, height: rect.height, seed: UInt64(rect.x + 100)))
        var whole = try Band(width: 30, rows: 0..<20, background: background)
        var top = try Band(width: 30, rows: 0..<10, background: background)
        var bottom = try Band(width: 30, rows: 10..<20, background: background)
        whole.composite(tile, at: rect)
        top.composite(tile, at: rect)
        bottom.composite(tile, at: rect)
        let wholeBytes = whole.withUnsafeBytes { Array($0) }
        let splitBytes = top.withUnsafeBytes { Array($0) } + bottom.withUnsafeBytes { Array($0) }
        #expect(wholeBytes == splitBytes)
    }

    @Test("a tile entirely outside the band changes nothing")
    func outside() throws {
        var band = try Band(width: 10, rows: 10..<20, background: .white)
        let tile = try TilePixels(TestImages.solid(.black, width: 5, height: 5))
        for rect in [Rect(x: 0, y: 5, width: 5, height: 5), Rect(x: 0, y: 20, width: 5, height: 5),
                     Rect(x: 10, y: 12, width: 5, height: 5), Rect(x: -5, y: 12, width: 5, height: 5)] {
            band.composite(tile, at: rect)
        }
        #expect(band.withUnsafeBytes { $0.allSatisfy { $0 == 255 } })
    }

    @Test("a tile larger than its rect is clipped to the rect")
    func clippedToRect() throws {
        var band = try Band(width: 10, rows: 0..<10, background: .white)
        band.composite(try TilePixels(TestImages.solid(.black, width: 8, height: 8)), at: Rect(x: 1, y: 1, width: 3, height: 2))
        #expect(Self.uncovered(band, by: [Rect(x: 1, y: 1, width: 3, height: 2)]).allSatisfy { band.color(x: $0.0, y: $0.1) == .white })
        #expect(band.color(x: 3, y: 2) == .black)
    }

    @Test("fill paints placeholders over, exactly when opaque", arguments: backgrounds)
    func fill(background: Color) throws {
        var band = try Band(width: 20, rows: 5..<15, background: background)
        let grey = Color(red: 128, green: 128, blue: 128)
        let veil = Color(red: 10, green: 200, blue: 30, alpha: 77)
        band.fill(Rect(x: 2, y: 0, width: 5, height: 8), with: grey)
        band.fill(Rect(x: 10, y: 12, width: 30, height: 30), with: veil)
        for y in 5..<8 {
            for x in 2..<7 { #expect(band.color(x: x, y: y) == grey) }
        }
        for y in 12..<15 {
            for x in 10..<20 { #expect(OverMath.isClose(band.color(x: x, y: y), to: veil, over: background)) }
        }
        let covered = [Rect(x: 2, y: 0, width: 5, height: 8), Rect(x: 10, y: 12, width: 30, height: 30)]
        for (x, y) in Self.uncovered(band, by: covered) {
            #expect(band.color(x: x, y: y) == background)
        }
    }

    @Test("a band with no width or no rows is refused")
    func refusals() {
        #expect(throws: RasterError.invalidSize(width: 0, height: 4)) { try Band(width: 0, rows: 0..<4, background: .white) }
        #expect(throws: RasterError.invalidSize(width: 5, height: 0)) { try Band(width: 5, rows: 3..<3, background: .white) }
    }
}
