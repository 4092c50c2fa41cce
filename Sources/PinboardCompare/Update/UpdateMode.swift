/// What `--update` accepts as the new goldens, in Playwright's words.
public enum UpdateMode: String, Sendable, Hashable, CaseIterable {
    /// A's files that differ from B's are rewritten with B's.
    case changed
    /// B's files that A lacks are added to A.
    case missing
}
