import Geometry
import Layout

/// A whole board placed again by docs/geometry.md, with plain arrays and linear scans.
///
/// It keeps every lane's end (not only the lanes in use), finds lanes by scanning them, and
/// shares no code with the engine, so agreeing with it checks the engine's rules and its
/// bookkeeping at once.
struct ReferenceBoard {
    private(set) var tiles: [Tile] = []
    private(set) var sheet = Size(width: 0, height: 0)
    /// The title band and every caption line: the rects besides the images that tiles must not cross.
    private(set) var bands: [Rect] = []
    private(set) var titleRect: Rect?
    /// One header band per section start.
    private(set) var sectionHeaders: [Rect] = []

    init(arrangement: MasonryArrangement, sources: [Size], sectionStarts: [Int] = []) {
        let (configuration, settings) = (arrangement.configuration, arrangement.settings)
        let direction = configuration.direction
        let (lanes, padding, margin) = (configuration.lanes, configuration.padding, configuration.margin)
        func laneStart(_ lane: Int) -> Int {
            Reference.laneStart(lane, breadth: configuration.breadth, lanes: lanes, margin: margin)
        }
        let (title, label) = (configuration.titleHeight, configuration.labelHeight)
        if title > 0 {
            titleRect = Rect(x: margin, y: margin, width: configuration.breadth - 2 * margin, height: title)
            bands += titleRect.map { [$0] } ?? []
        }
        var ends = Array(repeating: margin + title, count: lanes)
        let balanced = settings.placement == .balanced
            ? Reference.balancedLanes(sources, configuration: configuration, sectionStarts: sectionStarts) : nil
        // Round-robin counts the tiles from the start of their section.
        var sectionStart = 0
        for (index, source) in sources.enumerated() {
            if sectionStarts.contains(index) {
                let top = ends.max() ?? margin
                let header = configuration.sectionHeaderHeight
                let across = configuration.breadth - 2 * margin
                sectionHeaders.append(direction == .vertical
                    ? Rect(x: margin, y: top, width: across, height: header)
                    : Rect(x: top, y: margin, width: header, height: across))
                ends = Array(repeating: top + header, count: lanes)
                sectionStart = index
            }
            let (sourceBreadth, sourceLength) = Reference.extents(of: source, direction)
            // Wide means sourceBreadth / sourceLength ≥ n / d; these sources are small enough to multiply.
            let wide = settings.spanWide.map {
                sourceBreadth * $0.denominator >= $0.numerator * sourceLength
            } ?? false
            let span = !wide || lanes == 1 ? 1 : settings.spanAll ? lanes : 2
            let counted = index - sectionStart
            let lane = switch span {
            case 1: balanced?[index] ?? Reference.lane(
                for: counted, ends: ends, placement: settings.placement, tolerance: settings.tolerance)
            case 2: Self.pair(for: counted, ends: ends, placement: settings.placement, tolerance: settings.tolerance)
            default: 0
            }
            let start = ends[lane..<(lane + span)].max() ?? margin
            let breadth = laneStart(lane + span) - laneStart(lane) - 2 * padding
            let length = Reference.length(sourceBreadth: sourceBreadth, sourceLength: sourceLength, breadth: breadth)
            let rect = direction == .vertical
                ? Rect(x: laneStart(lane) + padding, y: start + padding, width: breadth, height: length)
                : Rect(x: start + padding, y: laneStart(lane) + padding, width: length, height: breadth)
            let caption = label > 0 ? Rect(x: rect.x, y: rect.y + rect.height, width: rect.width, height: label) : nil
            tiles.append(Tile(index: index, rect: rect, lane: lane, laneCount: span, labelRect: caption))
            bands += caption.map { [$0] } ?? []
            for spanned in lane..<(lane + span) {
                ends[spanned] = start + length + label + 2 * padding
            }
        }
        let length = (ends.max() ?? margin) + margin
        sheet = direction == .vertical
            ? Size(width: configuration.breadth, height: length)
            : Size(width: length, height: configuration.breadth)
    }

    /// The first lane of the pair a spanning tile takes.
    ///
    /// `shortest`: the first pair `(i, i + 1)` whose longer end is at most the smallest such
    /// end plus the tolerance. `roundRobin`: `index mod lanes`, or the last pair from the last lane.
    static func pair(for index: Int, ends: [Int], placement: Placement, tolerance: Int) -> Int {
        switch placement {
        case .balanced:
            preconditionFailure("balanced placement takes no spans")
        case .roundRobin:
            return min(index % ends.count, ends.count - 2)
        case .shortest:
            let longer = zip(ends, ends.dropFirst()).map { max($0, $1) }
            let shortest = longer.min() ?? 0
            return longer.firstIndex { $0 <= shortest + tolerance } ?? 0
        }
    }
}
