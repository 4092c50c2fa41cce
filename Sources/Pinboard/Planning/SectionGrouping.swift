/// What a board's sections are made of (`--group-by`): each section a run of consecutive
/// sources under a header band with its name, the lanes starting level below it.
public enum SectionGrouping: String, CaseIterable, Sendable {
    /// The source's folder, as its path names it (`.` for a file without one).
    case folder
    /// The year the photo was taken (`PlannedSource.taken`): `2024`.
    case year
    /// The month it was taken: `2024-06`.
    case month
    /// The day it was taken: `2024-06-17`.
    case day

    /// Whether the sections are dates, which want the sources in date order.
    var isByDate: Bool { self != .folder }

    /// Runs of sources with the same section name, in order: a section starts where the name changes.
    func sections(of sources: [PlannedSource]) -> [(start: Int, name: String)] {
        var sections: [(start: Int, name: String)] = []
        for (index, source) in sources.enumerated() {
            let name = sectionName(of: source)
            if sections.last?.name != name { sections.append((index, name)) }
        }
        return sections
    }

    /// The header of `source`'s section; a date section of a source with no date (a block) is `undated`.
    func sectionName(of source: PlannedSource) -> String {
        guard self != .folder else {
            let folder = source.path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            return folder.isEmpty ? "." : folder
        }
        guard let taken = source.taken else { return "undated" }
        let date = String(taken.description.prefix(10))
        return switch self {
        case .folder, .day: date
        case .year: String(date.prefix(4))
        case .month: String(date.prefix(7))
        }
    }
}
