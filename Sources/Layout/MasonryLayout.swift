/// A masonry ("waterfall") sheet: every source scaled to its lane's breadth and stacked in a lane.
///
/// The layout is computed once, when it is made, and kept: the tiles in input order, and
/// each lane's tiles in the order they are stacked, which is what lets `tiles(meeting:)`
/// answer a band of the sheet without looking at every tile.
///
/// ```swift
/// let config = try LayoutConfiguration(breadth: 100, lanes: 3, padding: 2, margin: 5)
/// let layout = try MasonryLayout(configuration: config, sources: [Size(width: 4, height: 3)])
/// // layout.tiles[0].rect == Rect(x: 7, y: 7, width: 26, height: 20)
/// ```
public struct MasonryLayout: Hashable, Sendable {
    /// The settings the layout was made with.
    public let configuration: LayoutConfiguration
    /// The sources' sizes, in input order.
    public let sources: [Size]
    /// One tile per source, in input order: `tiles[i].index == i`.
    public let tiles: [Tile]
    /// The whole sheet, margins included.
    public let sheet: Size
    /// Indices into `tiles`, grouped by lane; within a lane they rise both in input order
    /// and along the sheet, since each tile is stacked after the previous one.
    private let laneOrder: [Int]
    /// Lane `l`'s tiles are `laneOrder[laneBounds[l] ..< laneBounds[l + 1]]`, for each of the
    /// first `min(lanes, sources)` lanes; no later lane holds a tile.
    private let laneBounds: [Int]

    /// Places every source on the sheet.
    ///
    /// Each source is scaled to the breadth of the lane it goes to, keeping its aspect ratio
    /// rounded half up to whole pixels, and never shorter than 1 px. With no sources the
    /// sheet is the configured breadth by twice the margin (which may be 0).
    ///
    /// - Parameters:
    ///   - configuration: The lanes, padding, margin and placement.
    ///   - sources: Each source's size in pixels.
    /// - Throws: `LayoutError.invalidSource` for a source with no width or height, and
    ///   `LayoutError.sheetTooLong` when the sheet's length would not fit in an `Int`.
    public init(configuration: LayoutConfiguration, sources: [Size]) throws(LayoutError) {
        let direction = configuration.direction
        let padding = configuration.padding
        let margin = configuration.margin
        let trackedLanes = min(configuration.lanes, sources.count)
        let tileBreadths = (0..<trackedLanes).map { configuration.tileBreadth(inLane: $0) }
        // Every lane end stays below this, so adding the closing margin cannot overflow.
        let longestEnd = Int.max - margin

        var ends = LaneEnds(
            placement: configuration.placement, tolerance: configuration.tolerance,
            lanes: configuration.lanes, tracked: trackedLanes, start: margin)
        var tiles: [Tile] = []
        tiles.reserveCapacity(sources.count)
        var laneCounts = Array(repeating: 0, count: trackedLanes)
        var sheetEnd = margin

        for (index, source) in sources.enumerated() {
            guard source.width >= 1, source.height >= 1 else {
                throw .invalidSource(index: index, size: source)
            }
            let lane = ends.nextLane()
            let end = ends.end(of: lane)
            let breadth = tileBreadths[lane]
            // `end ≤ longestEnd` always holds, so the subtraction cannot overflow.
            guard let length = Self.scaledLength(of: source, toBreadth: breadth, direction: direction),
                length <= longestEnd - end - 2 * padding
            else {
                throw .sheetTooLong(index: index, size: source, direction: direction)
            }
            let rect = direction.rect(
                across: configuration.laneStart(lane) + padding, along: end + padding,
                breadth: breadth, length: length)
            tiles.append(Tile(index: index, rect: rect, lane: lane))
            laneCounts[lane] += 1
            let newEnd = end + length + 2 * padding
            ends.place(in: lane, to: newEnd)
            sheetEnd = max(sheetEnd, newEnd)
        }

        // A counting sort by lane, stable, so each lane keeps its tiles in input order.
        var laneBounds = [0]
        laneBounds.reserveCapacity(trackedLanes + 1)
        for count in laneCounts {
            laneBounds.append(laneBounds[laneBounds.count - 1] + count)
        }
        var nextSlot = Array(laneBounds.dropLast())
        var laneOrder = Array(repeating: 0, count: tiles.count)
        for tile in tiles {
            laneOrder[nextSlot[tile.lane]] = tile.index
            nextSlot[tile.lane] += 1
        }

        self.configuration = configuration
        self.sources = sources
        self.tiles = tiles
        self.sheet = direction.size(breadth: configuration.breadth, length: sheetEnd + margin)
        self.laneOrder = laneOrder
        self.laneBounds = laneBounds
    }

    /// The tiles that share at least one pixel with `rect`, in input order.
    ///
    /// Rects are half-open (see `Rect`), so a tile that only touches `rect` is not included and
    /// an empty `rect` meets nothing. `rect` may lie partly or wholly outside the sheet.
    ///
    /// The lanes met are found by a binary search across the sheet, then each one's tiles by a
    /// binary search along it; the answer costs O(log lanes + r · log n + k · log k) for `k`
    /// tiles found in `r` lanes, not a scan of every tile. This is the question a compositor
    /// asks for each band of output rows.
    public func tiles(meeting rect: Rect) -> [Tile] {
        guard !rect.isEmpty else { return [] }
        let direction = configuration.direction
        let padding = configuration.padding
        let across = direction.across(rect)
        let along = direction.along(rect)
        let trackedLanes = laneBounds.count - 1

        var found: [Int] = []
        var lane = (0..<trackedLanes).partitionPoint { configuration.laneStart($0 + 1) - padding > across.start }
        while lane < trackedLanes, configuration.laneStart(lane) + padding < across.end {
            let slots = laneBounds[lane]..<laneBounds[lane + 1]
            let first = slots.partitionPoint { direction.along(tiles[laneOrder[$0]].rect).end > along.start }
            let last = (first..<slots.upperBound).partitionPoint {
                direction.along(tiles[laneOrder[$0]].rect).start >= along.end
            }
            found.append(contentsOf: laneOrder[first..<last])
            lane += 1
        }
        // The runs come lane by lane; sorting the few indices found puts them in input order.
        found.sort()
        return found.map { tiles[$0] }
    }

    /// A source's length once scaled to `breadth` across the lanes: the aspect ratio kept,
    /// rounded half up, at least 1; nil if it would not fit in an `Int`.
    ///
    /// It computes `⌊(2 · length · breadth + sourceBreadth) / (2 · sourceBreadth)⌋` through the
    /// quotient and remainder of `length · breadth`, so only that product has to fit.
    static func scaledLength(of source: Size, toBreadth breadth: Int, direction: Direction) -> Int? {
        let sourceBreadth = direction.breadth(of: source)
        let (product, overflow) = direction.length(of: source).multipliedReportingOverflow(by: breadth)
        guard !overflow else { return nil }
        let (quotient, remainder) = product.quotientAndRemainder(dividingBy: sourceBreadth)
        // `2 · remainder ≥ sourceBreadth`, written so it cannot overflow.
        let roundsUp = remainder >= sourceBreadth - remainder
        return max(1, roundsUp ? quotient + 1 : quotient)
    }
}
