/// What a comparison compared: two sheets, or two folders of images. A report cuts the
/// images it shows from these again, after the comparison.
enum ComparisonSides: Sendable {
    case sheets(ComparedSheet, ComparedSheet)
    case folders(String, String)

    /// What the report calls each side.
    var names: (a: String, b: String) {
        switch self {
        case .sheets(let a, let b): (a.name, b.name)
        case .folders(let a, let b): (a, b)
        }
    }
}

extension ComparisonSides {
    /// The two sheets, when sheets were compared.
    var sheets: (a: ComparedSheet, b: ComparedSheet)? {
        if case .sheets(let a, let b) = self { (a, b) } else { nil }
    }
}
