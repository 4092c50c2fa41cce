import Geometry

/// The rect queries of a layout made of rows down a vertical sheet (justified rows, grid
/// rows), written once for both: the rows met by a binary search, then their tiles tested,
/// O(log rows + tiles in the rows met); the section bands, which follow one another down
/// the sheet, by two binary searches.
enum RowQuery {
    /// - Parameters:
    ///   - rowExtents: each row's pixel rows, its top to the bottom of its captions, down the sheet.
    ///   - rowSources: each row's tiles, as indices into `tiles`.
    static func tiles(meeting rect: Rect, tiles: [Tile], rowExtents: [Range<Int>], rowSources: [Range<Int>]) -> [Tile] {
        guard !rect.isEmpty else { return [] }
        var found: [Tile] = []
        var row = (0..<rowExtents.count).partitionPoint { rowExtents[$0].upperBound > rect.y }
        while row < rowExtents.count, rowExtents[row].lowerBound < rect.maxY {
            found.append(contentsOf: tiles[rowSources[row]].lazy.filter { tile in
                tile.rect.intersects(rect) || (tile.labelRect?.intersects(rect) ?? false)
            })
            row += 1
        }
        return found
    }

    /// The positions in `headers` of the section bands sharing a pixel with `rect`.
    static func sectionHeaders(meeting rect: Rect, headers: [Rect], configuration: LayoutConfiguration) -> Range<Int> {
        let margin = configuration.margin
        guard configuration.sectionHeaderHeight > 0, !rect.isEmpty,
            margin < rect.maxX, rect.x < configuration.breadth - margin
        else { return 0..<0 }
        let all = 0..<headers.count
        let first = all.partitionPoint { headers[$0].maxY > rect.y }
        let last = (first..<all.upperBound).partitionPoint { headers[$0].y >= rect.maxY }
        return first..<last
    }
}
