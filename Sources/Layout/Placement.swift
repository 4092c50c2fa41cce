/// How the next tile chooses its lane.
public enum Placement: String, CaseIterable, Codable, Hashable, Sendable {
    /// The lane that is shortest so far, the lowest-numbered one on ties: the masonry look,
    /// with lanes of nearly equal length.
    case shortest
    /// Lane `k mod lanes` for the `k`-th source, whatever the lane lengths: the behaviour of
    /// the original iOS tutorial, kept for sheets that must read in a fixed lane order.
    case roundRobin = "round-robin"
    /// The sources in order split into runs, one run a lane from the left, so the longest lane
    /// is as short as it can be and nothing is cropped: a board read down each column, then
    /// across (docs/geometry.md, "Balanced columns").
    case balanced
}
