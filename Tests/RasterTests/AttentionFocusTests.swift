import Geometry
import Raster
import Testing

/// The attention focus keeps the busy part of a tile that a centred cut would lose.
@Suite struct AttentionFocusTests {
    /// A flat grey tile with a black-and-white checkerboard of 2-px squares over `busy`.
    static func tile(width: Int, height: Int, busy: Rect) throws -> TilePixels {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let inside = x >= busy.x && x < busy.maxX && y >= busy.y && y < busy.maxY
                let value: UInt8 = inside ? ((x / 2 + y / 2) % 2 == 0 ? 0 : 255) : 128
                pixels += [value, value, value, 255]
            }
        }
        return TilePixels(try RGBAImage(width: width, height: height, pixels: pixels))
    }

    /// Detail in rows 20–79 of a 100×300 tile: the centred square (rows 100–199) misses all
    /// of it; the attention square holds all of it.
    @Test func keepsDetailNearTheTop() throws {
        let tile = try Self.tile(width: 100, height: 300, busy: Rect(x: 0, y: 20, width: 100, height: 60))
        let origin = AttentionFocus.origin(in: tile, keeping: Size(width: 100, height: 100))
        #expect(origin.x == 0)
        #expect(origin.y <= 20 && origin.y + 100 >= 80)
    }

    @Test func keepsDetailAtTheRightEdge() throws {
        let tile = try Self.tile(width: 400, height: 90, busy: Rect(x: 330, y: 0, width: 70, height: 90))
        let origin = AttentionFocus.origin(in: tile, keeping: Size(width: 90, height: 90))
        #expect(origin == (x: 310, y: 0) || (origin.x <= 330 && origin.x + 90 >= 400 && origin.y == 0))
    }

    /// With nothing to choose between, the point of attention is the first cell, and the cut
    /// stays inside the tile.
    @Test func flatTileCutsInside() throws {
        let tile = try Self.tile(width: 50, height: 20, busy: Rect(x: 0, y: 0, width: 0, height: 0))
        let origin = AttentionFocus.origin(in: tile, keeping: Size(width: 20, height: 20))
        #expect(origin.x >= 0 && origin.x <= 30 && origin.y == 0)
    }

    /// A tile smaller than the score grid is scored pixel by pixel.
    @Test func tinyTile() throws {
        let tile = try Self.tile(width: 3, height: 9, busy: Rect(x: 0, y: 6, width: 3, height: 3))
        let origin = AttentionFocus.origin(in: tile, keeping: Size(width: 3, height: 3))
        #expect(origin.x == 0 && origin.y >= 4)
    }
}
