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
        }
    }
}
