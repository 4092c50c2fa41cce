/// What a board's sections are made of (`--group-by`): each section a run of consecutive
/// sources under a header band with its name, the lanes starting level below it.
public enum SectionGrouping: String, CaseIterable, Sendable {
    /// The source's folder by its name: the folders below the folder argument it was found in
    /// (`oslo`, `2024/oslo` with `--recursive`), or that folder's own name for the files
    /// directly in it (`trips` for `../trips/a.jpg`), never a path up from where pinboard runs.
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
        guard self != .folder else { return Self.folderName(path: source.path, name: source.name) }
        guard let taken = source.taken else { return "undated" }
        let date = String(taken.description.prefix(10))
        return switch self {
        case .folder, .day: date
        case .year: String(date.prefix(4))
        case .month: String(date.prefix(7))
        }
    }

    /// The name of the folder `path` is in, read from `name` (the path below the folder
    /// argument) where it has folders, else the last folder of `path`; `.` for none.
    package static func folderName(path: String, name: String) -> String {
        let below = name.split(separator: "/").dropLast().joined(separator: "/")
        if !below.isEmpty { return below }
        let folders = path.split(separator: "/").dropLast().filter { $0 != "." && $0 != ".." }
        return folders.last.map(String.init) ?? "."
    }
}
