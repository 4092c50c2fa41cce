extension TilePixels {
    /// The rows `rows` of this tile as a tile of their own: how a tile cropped to level
    /// the board's bottom (object-fit: cover, centred) loses its top and bottom rows.
    ///
    /// - Throws: `RasterError.invalidSize` when `rows` is empty or not inside the tile.
    public func rows(_ rows: Range<Int>) throws(RasterError) -> TilePixels {
        guard !rows.isEmpty, rows.lowerBound >= 0, rows.upperBound <= height else {
            throw .invalidSize(width: width, height: rows.count)
        }
        var cropped = try TilePixels(width: width, height: rows.count)
        cropped.storage = Array(storage[rows.lowerBound * width * 4..<rows.upperBound * width * 4])
        return cropped
    }
}
