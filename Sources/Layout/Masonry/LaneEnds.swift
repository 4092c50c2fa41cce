/// The lanes' current ends, and where the next tile goes.
///
/// The ends sit in a `MinimumTree`, and so do the pairs' ends (the longer of two adjacent
/// lanes), so the shortest lane or pair, and the leftmost one within the tolerance of it,
/// are found in O(log lanes). Raising every lane to one level (below a tile that spans all
/// of them) only records a floor: a lane's end is the larger of its own and the floor.
struct LaneEnds {
    private let placement: Placement
    private let tolerance: Int
    private let lanes: Int
    private var ends: MinimumTree
    /// `pairs[i]` is the longer of lanes `i` and `i + 1`, floor aside.
    private var pairs: MinimumTree
    /// No lane ends before this.
    private var floor: Int
    private var placed = 0
    /// Balanced placement's lane for every source, laid out before the first is placed.
    private let assigned: [Int]
    /// The sources placed on the whole sheet, sections or not.
    private var placedOnSheet = 0
    /// The longest lane's end: where the sheet's content ends.
    private(set) var longest: Int

    /// Starts `tracked` lanes, all ending at `start`, out of a sheet of `lanes`.
    ///
    /// A lane that has received nothing is never passed over for a later one (placement looks
    /// for the lowest-numbered lane or pair that qualifies, and round-robin counts up from 0),
    /// so the lanes in use are always the first few, at most two more per tile. Tracking
    /// `min(lanes, 2 · sources)` of them is enough, `min(lanes, sources)` without spans: a
    /// sheet of absurdly many lanes costs no memory. A section levels every lane to one end and
    /// restarts the count, so within each section this holds again. Balanced placement may
    /// pass a lane over (one too narrow for the next source's cell), so it tracks the lanes up
    /// to the last of `assigned`.
    init(placement: Placement, tolerance: Int, lanes: Int, tracked: Int, start: Int, assigned: [Int] = []) {
        self.placement = placement
        self.assigned = assigned
        self.tolerance = tolerance
        self.lanes = lanes
        ends = MinimumTree(count: tracked, value: start)
        pairs = MinimumTree(count: max(0, tracked - 1), value: start)
        floor = start
        longest = start
    }

    /// Where `lane` ends now.
    func end(of lane: Int) -> Int {
        max(ends[lane], floor)
    }

    /// The lane the next tile goes to.
    ///
    /// `shortest`: the lowest-numbered lane ending at most `tolerance` past the shortest one.
    /// `roundRobin`: lane `k mod lanes` for the `k`-th tile.
    func nextLane() -> Int {
        switch placement {
        case .shortest:
            // Raising by the floor changes no lane within reach: the limit is at least the floor.
            return ends.firstPosition(atMost: limit(above: max(ends.minimum, floor))) ?? 0
        case .roundRobin:
            return placed % lanes
        case .balanced:
            return assigned[placedOnSheet]
        }
    }

    /// The first of the two adjacent lanes the next spanning tile goes to; needs two lanes.
    ///
    /// `shortest`: the lowest-numbered pair whose longer lane ends at most `tolerance` past
    /// the pair whose longer lane ends first. `roundRobin`: the lanes `k mod lanes` and the
    /// one after it, or the last two when that lane is the last.
    func nextPair() -> Int {
        switch placement {
        case .shortest:
            return pairs.firstPosition(atMost: limit(above: max(pairs.minimum, floor))) ?? 0
        case .roundRobin:
            return min(placed % lanes, lanes - 2)
        case .balanced:
            // Balanced placement with spans is refused (`balancedWithSpans`); the assigned lane
            // and the next keep this total.
            return min(assigned[placedOnSheet], lanes - 2)
        }
    }

    /// Records that the next tile went into `lane`, which now ends at `end`.
    mutating func place(in lane: Int, to end: Int) {
        setEnd(of: lane, to: end)
        placed += 1
        placedOnSheet += 1
    }

    /// Records that the next tile spans lanes `lane` and `lane + 1`, which both now end at `end`.
    mutating func place(inPairFrom lane: Int, to end: Int) {
        setEnd(of: lane, to: end)
        setEnd(of: lane + 1, to: end)
        placed += 1
        placedOnSheet += 1
    }

    /// Records that the next tile spans every lane, which all now end at `end`.
    mutating func placeAcross(to end: Int) {
        level(to: end)
        placed += 1
        placedOnSheet += 1
    }

    /// Makes every lane end at `end`, which must be at least `longest`.
    mutating func level(to end: Int) {
        floor = end
        longest = end
    }

    /// Starts a section whose first tile goes below `end`, which must be at least `longest`:
    /// every lane ends there, and round-robin counts from lane 0 again.
    mutating func startSection(at end: Int) {
        level(to: end)
        placed = 0
    }

    private mutating func setEnd(of lane: Int, to end: Int) {
        ends.set(lane, to: end)
        if lane > 0 {
            pairs.set(lane - 1, to: max(ends[lane - 1], end))
        }
        if lane + 1 < ends.count {
            pairs.set(lane, to: max(end, ends[lane + 1]))
        }
        longest = max(longest, end)
    }

    /// `shortest + tolerance`, saturating at `Int.max`.
    private func limit(above shortest: Int) -> Int {
        let (limit, overflow) = shortest.addingReportingOverflow(tolerance)
        return overflow ? Int.max : limit
    }
}
