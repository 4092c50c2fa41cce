import Layout

/// A whole board placed again by docs/geometry.md, with plain arrays and linear scans.
///
/// It keeps every lane's end (not only the lanes in use), finds lanes by scanning them, and
/// shares no code with the engine, so agreeing with it checks the engine's rules and its
/// bookkeeping at once.
struct ReferenceBoard {
    private(set) var tiles: [Tile] = []
    private(set) var sheet = Size(width: 0, height: 0)

    init(configuration: LayoutConfiguration, sources: [Size]) {
        let direction = configuration.direction
        let (lanes, padding, margin) = (configuration.lanes, configuration.padding, configuration.margin)
        func laneStart(_ lane: Int) -> Int {
            Reference.laneStart(lane, breadth: configuration.breadth, lanes: lanes, margin: margin)
        }
        var ends = Array(repeating: margin, count: lanes)
        for (index, source) in sources.enumerated() {
            let lane = Reference.lane(
                for: index, ends: ends, placement: configuration.placement, tolerance: configuration.tolerance)
            let (sourceBreadth, sourceLength) = Reference.extents(of: source, direction)
            let breadth = laneStart(lane + 1) - laneStart(lane) - 2 * padding
            let length = Reference.length(sourceBreadth: sourceBreadth, sourceLength: sourceLength, breadth: breadth)
            let rect = direction == .vertical
                ? Rect(x: laneStart(lane) + padding, y: ends[lane] + padding, width: breadth, height: length)
                : Rect(x: ends[lane] + padding, y: laneStart(lane) + padding, width: length, height: breadth)
            tiles.append(Tile(index: index, rect: rect, lane: lane))
            ends[lane] += length + 2 * padding
        }
        let length = (ends.max() ?? margin) + margin
        sheet = direction == .vertical
            ? Size(width: configuration.breadth, height: length)
            : Size(width: length, height: configuration.breadth)
    }
}
