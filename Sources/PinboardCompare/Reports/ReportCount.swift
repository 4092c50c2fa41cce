/// A count at the top of a report: how many entries of one kind there are.
public struct ReportCount: Sendable, Hashable {
    /// What is counted, as the summary line says it: "changed", "only in A".
    public let label: String
    public let value: Int
    /// Whether what is counted fails the run (when there is any).
    public let fails: Bool
}
