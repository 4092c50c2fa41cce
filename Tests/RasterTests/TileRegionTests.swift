import Geometry
import Raster
import Testing

/// Cutting a rect out of a tile, as covering crops and the even bottom do.
@Suite struct TileRegionTests {
    /// A 5×4 tile whose every pixel's red is its column and green its row.
    static func numbered() throws -> TilePixels {
        let pixels: [UInt8] = (0..<4).flatMap { y in (0..<5).flatMap { x -> [UInt8] in [UInt8(x), UInt8(y), 0, 255] } }
        return TilePixels(try RGBAImage(width: 5, height: 4, pixels: pixels))
    }

    @Test(arguments: [
        Rect(x: 0, y: 0, width: 5, height: 4), Rect(x: 1, y: 1, width: 3, height: 2),
        Rect(x: 0, y: 2, width: 5, height: 2), Rect(x: 4, y: 3, width: 1, height: 1),
    ])
    func regionKeepsExactlyItsPixels(rect: Rect) throws {
        let cut = try Self.numbered().region(rect)
        #expect(cut.width == rect.width && cut.height == rect.height)
        for y in 0..<rect.height {
            for x in 0..<rect.width {
                let color = cut.color(x: x, y: y)
                #expect(color.red == UInt8(rect.x + x) && color.green == UInt8(rect.y + y))
            }
        }
    }

    @Test(arguments: [
        Rect(x: 0, y: 0, width: 0, height: 4), Rect(x: -1, y: 0, width: 2, height: 2),
        Rect(x: 3, y: 0, width: 3, height: 1), Rect(x: 0, y: 3, width: 1, height: 2),
    ])
    func regionOutsideTheTileIsRefused(rect: Rect) throws {
        #expect(throws: RasterError.invalidSize(width: rect.width, height: rect.height)) {
            try Self.numbered().region(rect)
        }
    }
}
