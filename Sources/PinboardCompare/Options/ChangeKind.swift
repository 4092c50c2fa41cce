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
}
