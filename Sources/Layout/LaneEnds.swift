/// The lanes' current ends, and the lane the next tile goes to.
///
/// The ends sit in a `MinimumTree`, so both the shortest lane and the leftmost lane within
/// the tolerance of it are found in O(log lanes), and a placement costs the same.
struct LaneEnds {
    private let placement: Placement
    private let tolerance: Int
    private let lanes: Int
    private var ends: MinimumTree
    private var placed = 0

    /// Starts `tracked` lanes, all ending at `start`, out of a sheet of `lanes`.
    ///
    /// A lane that has received nothing is never passed over for a later one (placement looks
    /// for the lowest-numbered lane that qualifies, and round-robin counts up from 0), so the
    /// lanes in use are always the first few, one more per tile at most. Tracking
    /// `min(lanes, sources)` of them is enough: a sheet of absurdly many lanes costs no memory.
    init(placement: Placement, tolerance: Int, lanes: Int, tracked: Int, start: Int) {
        self.placement = placement
        self.tolerance = tolerance
        self.lanes = lanes
        ends = MinimumTree(count: tracked, value: start)
    }

    /// Where `lane` ends now.
    func end(of lane: Int) -> Int {
        ends[lane]
    }

    /// The lane the next tile goes to.
    ///
    /// `shortest`: the lowest-numbered lane ending at most `tolerance` past the shortest one.
    /// `roundRobin`: lane `k mod lanes` for the `k`-th tile. Only valid while fewer tiles have
    /// been placed than the lanes were tracked for.
    func nextLane() -> Int {
        switch placement {
        case .shortest:
            let (limit, overflow) = ends.minimum.addingReportingOverflow(tolerance)
            // The shortest lane itself always qualifies, so the search cannot come back empty.
            return ends.firstPosition(atMost: overflow ? Int.max : limit) ?? 0
        case .roundRobin:
            return placed % lanes
        }
    }

    /// Records that the next tile went into `lane`, which now ends at `end`.
    mutating func place(in lane: Int, to end: Int) {
        ends.set(lane, to: end)
        placed += 1
    }
}
