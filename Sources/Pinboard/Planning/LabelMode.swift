/// What the caption under each image says.
public enum LabelMode: String, CaseIterable, Sendable {
    /// The file's name, extension included.
    case name
    /// The file's name without its extension.
    case stem
    /// No caption and no caption line.
    case none

    /// The caption for a source at `path`, or `nil` for `.none`.
    func caption(for path: String) -> String? {
        let name = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
        switch self {
        case .name: return name
        case .stem:
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
            return String(name[..<dot])
        case .none: return nil
        }
    }
}
