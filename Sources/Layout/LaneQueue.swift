/// The lanes' current ends, and the lane the next tile goes to.
///
/// For `.shortest` the entries form a binary min-heap ordered by end and then by lane, so
/// the shortest lane (the lowest-numbered on ties) is always at the top and each placement
/// costs O(log lanes). For `.roundRobin` the entries are simply indexed by lane.
struct LaneQueue {
    private let placement: Placement
    private let lanes: Int
    private var entries: [(end: Int, lane: Int)]
    private var placed = 0

    /// Starts `tracked` lanes, all ending at `start`, out of a sheet of `lanes`.
    ///
    /// Only the first `min(lanes, sources)` lanes can ever receive a tile (a later lane is
    /// never the shortest, nor reached by round-robin, before that many tiles are placed),
    /// so only they are tracked: a sheet of absurdly many lanes costs no memory.
    init(placement: Placement, lanes: Int, tracked: Int, start: Int) {
        self.placement = placement
        self.lanes = lanes
        // Lanes in order with equal ends are already a valid heap.
        entries = (0..<tracked).map { (end: start, lane: $0) }
    }

    /// The lane the next tile goes to, and where that lane ends now.
    ///
    /// Only valid while fewer tiles have been placed than the queue was made for.
    var next: (end: Int, lane: Int) {
        switch placement {
        case .shortest: entries[0]
        case .roundRobin: entries[placed % lanes]
        }
    }

    /// Records that the next tile was placed, so its lane now ends at `end`.
    mutating func extendNext(to end: Int) {
        switch placement {
        case .shortest:
            entries[0].end = end
            siftDownTop()
        case .roundRobin:
            entries[placed % lanes].end = end
        }
        placed += 1
    }

    private mutating func siftDownTop() {
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < entries.count else { return }
            let right = left + 1
            var smaller = left
            if right < entries.count, precedes(entries[right], entries[left]) {
                smaller = right
            }
            guard precedes(entries[smaller], entries[parent]) else { return }
            entries.swapAt(parent, smaller)
            parent = smaller
        }
    }

    private func precedes(_ a: (end: Int, lane: Int), _ b: (end: Int, lane: Int)) -> Bool {
        a.end < b.end || (a.end == b.end && a.lane < b.lane)
    }
}
