/// How justified rows lay out the last, incomplete row of a section: the images left over
/// when too few remain to fill a row within the tolerance.
///
/// The names and rules are justified-layout's `widowLayoutStyle`, but for two of pinboard's
/// own: a centred row is centred in the content, and no row runs past it (docs/geometry.md,
/// "Justified rows").
public enum WidowStyle: String, CaseIterable, Codable, Hashable, Sendable {
    /// At the height of the row before, from the left edge.
    case left
    /// At the height of the row before, centred across the sheet.
    case center
    /// At the height of the row before, the widths stretched so the row fills the sheet: what
    /// the row lacks (or has too much) shared out equally, as justified-layout shares it.
    case justify
}

extension WidowStyle {
    /// The style a word names: its raw value, or `centre` for `center` as British English
    /// spells it (`CropFocus` takes both spellings too).
    public init?(spelling: String) {
        self.init(rawValue: spelling == "centre" ? "center" : spelling)
    }
}
