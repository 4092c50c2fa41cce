/// How justified rows choose where one row ends and the next begins.
public enum RowBreaks: String, CaseIterable, Codable, Hashable, Sendable {
    /// Row by row, as justified-layout 4.1 breaks them: each row ends where it first comes
    /// within the tolerance, or where the next image would take it farther from the target.
    case greedy
    /// Over the whole board at once: the breaks whose full rows stray least from the target
    /// height in total (Knuth and Plass's line breaking; see `OptimalBreaks`).
    case optimal
}
