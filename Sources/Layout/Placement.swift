/// How the next tile chooses its lane.
public enum Placement: String, CaseIterable, Codable, Hashable, Sendable {
    /// The lane that is shortest so far, the lowest-numbered one on ties: the masonry look,
    /// with lanes of nearly equal length.
    case shortest
    /// Lane `k mod lanes` for the `k`-th source, whatever the lane lengths: the behaviour of
    /// the original iOS tutorial, kept for sheets that must read in a fixed lane order.
    case roundRobin = "round-robin"
}
