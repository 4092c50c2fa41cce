extension ImageReason: Hashable {
    /// Hashes the words the reason shows: equal reasons (the format failures' own equality
    /// included) say the same words, so they hash alike, and an error that carries a reason
    /// can be a set member or a dictionary key.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(description)
    }
}
