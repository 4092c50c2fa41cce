import Foundation

/// Turns `-o` and `--manifest` into the paths of each sheet of a batch and each page:
/// `{name}` stands for the batch's folder, and pages number the file before its extension
/// (`board.png` → `board-1.png`, `board-2.png`, …).
struct OutputName {
    let template: String
    let batch: String?

    /// The path for `page` (1-based), or the unnumbered path when the board is not paged.
    func path(page: Int?) -> String {
        let named = batch.map { template.replacingOccurrences(of: "{name}", with: $0) } ?? template
        guard let page, named != "-" else { return named }
        let url = URL(fileURLWithPath: named)
        let suffix = url.pathExtension.isEmpty ? "" : "." + url.pathExtension
        return String(named.dropLast(suffix.count)) + "-\(page)" + suffix
    }

    /// A batch's name: its folder's (or file's) name without extension, e.g. `trip` for `photos/trip/`.
    static func batchName(of input: String) -> String {
        let url = URL(fileURLWithPath: input)
        let last = url.lastPathComponent
        var isFolder: ObjCBool = false
        let folder = FileManager.default.fileExists(atPath: input, isDirectory: &isFolder) && isFolder.boolValue
        return folder || url.pathExtension.isEmpty ? last : url.deletingPathExtension().lastPathComponent
    }
}
