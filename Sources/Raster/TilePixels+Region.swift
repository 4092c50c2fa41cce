import Geometry

extension TilePixels {
    /// The pixels of `rect` as a tile of their own: how a tile cut to cover its grid cell, or
    /// to level the board's bottom, loses the columns and rows outside it.
    ///
    /// - Throws: `RasterError.invalidSize` when `rect` is empty or not inside the tile.
    package func region(_ rect: Rect) throws(RasterError) -> TilePixels {
        guard !rect.isEmpty, rect.x >= 0, rect.y >= 0, rect.maxX <= width, rect.maxY <= height else {
            throw .invalidSize(width: rect.width, height: rect.height)
        }
        var cut = try TilePixels(width: rect.width, height: rect.height)
        if rect.width == width {
            cut.storage = Array(storage[rect.y * width * 4..<rect.maxY * width * 4])
            return cut
        }
        var storage: [UInt16] = []
        storage.reserveCapacity(rect.width * rect.height * 4)
        for row in rect.y..<rect.maxY {
            let start = (row * width + rect.x) * 4
            storage.append(contentsOf: self.storage[start..<start + rect.width * 4])
        }
        cut.storage = storage
        return cut
    }
}
