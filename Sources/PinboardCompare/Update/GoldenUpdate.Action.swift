extension GoldenUpdate {
    /// What was done to A's file.
    public enum Action: String, Sendable, Hashable, Encodable {
        /// It differed, and now holds B's bytes.
        case rewritten
        /// Only B had it; A has it now.
        case added
        /// Only A had it, and `--prune` removed it.
        case removed
    }
}
