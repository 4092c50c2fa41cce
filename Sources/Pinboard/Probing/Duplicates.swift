import SheetManifest

/// `--dedupe`: each distinct file content placed once, told apart by the SHA-256 the
/// probe takes of every file anyway, so finding duplicates costs no read.
enum Duplicates {
    /// The sources with the first of each content kept, in order, and the others as
    /// skipped sources naming the path each duplicates. Sources without a digest (blocks)
    /// are all kept.
    static func removed(from sources: [PlannedSource]) -> (kept: [PlannedSource], duplicates: [Manifest.SkippedSource]) {
        var firstPath: [String: String] = [:]
        var kept: [PlannedSource] = []
        var duplicates: [Manifest.SkippedSource] = []
        for source in sources {
            guard let digest = source.sha256 else {
                kept.append(source)
                continue
            }
            if let original = firstPath[digest] {
                duplicates.append(Manifest.SkippedSource(source: source.path, reason: .duplicate(of: original)))
            } else {
                firstPath[digest] = source.path
                kept.append(source)
            }
        }
        return (kept, duplicates)
    }
}
