/// The kinds of difference a comparison finds, as `--fail-on` names them.
public enum ChangeKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// A pair whose pixels differ beyond the criteria and the budget.
    case changed
    /// A pair of different sizes from different sources (or a plain image of another size).
    case resized
    /// An image only on side B.
    case added
    /// An image only on side A.
    case removed

    /// `kinds` as `--fail-on` spells them: their names in declared order, comma-separated.
    public static func spelling(_ kinds: Set<ChangeKind>) -> String {
        allCases.filter(kinds.contains).map(\.rawValue).joined(separator: ",")
    }
}
