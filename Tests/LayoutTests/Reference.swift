import Geometry
import Layout

/// The geometry contract written out again, as plainly as possible, to check the engine against.
///
/// It follows docs/geometry.md formula by formula and shares no code with the engine (the
/// engine rounds through a quotient and remainder, this uses the contract's single division).
enum Reference {
    /// `Lᵢ = m + ⌊i · (W − 2m) / C⌋`.
    static func laneStart(_ lane: Int, breadth: Int, lanes: Int, margin: Int) -> Int {
        margin + lane * (breadth - 2 * margin) / lanes
    }

    /// `max(1, ⌊(2 · sourceLength · breadth + sourceBreadth) / (2 · sourceBreadth)⌋)`.
    static func length(sourceBreadth: Int, sourceLength: Int, breadth: Int) -> Int {
        max(1, (2 * sourceLength * breadth + sourceBreadth) / (2 * sourceBreadth))
    }

    /// The source's extents across and along the lanes.
    static func extents(of size: Size, _ direction: Direction) -> (breadth: Int, length: Int) {
        direction == .vertical ? (size.width, size.height) : (size.height, size.width)
    }

    /// A rect's start and extent across and along the lanes.
    static func axes(of rect: Rect, _ direction: Direction) -> (across: Int, breadth: Int, along: Int, length: Int) {
        direction == .vertical
            ? (rect.x, rect.width, rect.y, rect.height)
            : (rect.y, rect.height, rect.x, rect.width)
    }

    /// The lane the next tile takes, given every lane's current end.
    ///
    /// `shortest`: the first lane, counting from 0, whose end is at most the smallest end
    /// plus the tolerance. `roundRobin`: `index mod lanes`.
    static func lane(for index: Int, ends: [Int], placement: Placement, tolerance: Int = 0) -> Int {
        switch placement {
        case .roundRobin:
            return index % ends.count
        case .shortest:
            let shortest = ends.min() ?? 0
            return ends.firstIndex { $0 <= shortest + tolerance } ?? 0
        case .balanced:
            preconditionFailure("balanced placement splits a whole section at once: see balancedLanes")
        }
    }

    /// Every source's lane under balanced placement, each section split on its own: the
    /// smallest longest lane `H` found by bisection, each try filling lane after lane with
    /// cells (the tile's length, the caption and `2p`) while they fit within `H`, and the
    /// split that filling makes at the smallest `H`.
    static func balancedLanes(_ sources: [Size], configuration: LayoutConfiguration, sectionStarts: [Int]) -> [Int] {
        let (lanes, padding, margin) = (configuration.lanes, configuration.padding, configuration.margin)
        func cell(_ index: Int, inLane lane: Int) -> Int {
            let breadth = laneStart(lane + 1, breadth: configuration.breadth, lanes: lanes, margin: margin)
                - laneStart(lane, breadth: configuration.breadth, lanes: lanes, margin: margin) - 2 * padding
            let (sourceBreadth, sourceLength) = extents(of: sources[index], configuration.direction)
            return length(sourceBreadth: sourceBreadth, sourceLength: sourceLength, breadth: breadth)
                + configuration.labelHeight + 2 * padding
        }
        func fill(_ section: Range<Int>, within longest: Int) -> [Int]? {
            var (assigned, lane, used) = ([Int](), 0, 0)
            for index in section {
                while lane < lanes, used + cell(index, inLane: lane) > longest {
                    (lane, used) = (lane + 1, 0)
                }
                guard lane < lanes else { return nil }
                used += cell(index, inLane: lane)
                assigned.append(lane)
            }
            return assigned
        }
        let bounds = (sectionStarts.isEmpty ? [0] : sectionStarts) + [sources.count]
        return zip(bounds, bounds.dropFirst()).flatMap { start, end -> [Int] in
            var (low, high) = (0, (start..<end).reduce(0) { $0 + cell($1, inLane: 0) })
            while low < high {
                let middle = (low + high) / 2
                if fill(start..<end, within: middle) == nil { low = middle + 1 } else { high = middle }
            }
            return fill(start..<end, within: high) ?? []
        }
    }
}
