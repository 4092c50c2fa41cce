import Geometry
import Layout

/// The lanes of the worked example in docs/geometry.md, which the hand-computed masonry
/// tests share: W = 100, C = 3, p = 2, m = 5, so L = 5, 35, 65, 95; a tile in lane `l`
/// starts at x = 7 + 30·l, and one spanning `n` lanes is 30·n − 4 wide (26, 56 or 86).
///
/// A test pins what it worked out for each tile (its lane, the lanes it spans, its top and
/// its height); the x and width that follow from the lanes are computed here, once.
enum WorkedLanes {
    /// The tiles, in input order, for the columns given (one entry per tile in each).
    static func tiles(lanes: [Int], tops: [Int], heights: [Int], laneCounts: [Int]? = nil) -> [Tile] {
        precondition(tops.count == lanes.count && heights.count == lanes.count && (laneCounts?.count ?? lanes.count) == lanes.count)
        return lanes.indices.map { index in
            let lane = lanes[index]
            let laneCount = laneCounts?[index] ?? 1
            let rect = Rect(x: 7 + 30 * lane, y: tops[index], width: 30 * laneCount - 4, height: heights[index])
            return Tile(index: index, rect: rect, lane: lane, laneCount: laneCount)
        }
    }
}
