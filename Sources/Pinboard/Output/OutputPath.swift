import Foundation
import PinboardIO

/// Where each sheet of a batch and each page of a board goes, from one output name:
/// `{name}` stands for the batch's folder, and pages number the file before its extension
/// (`board.png` → `board-1.png`, `board-2.png`, …). `SheetComposer.writePages` writes a
/// board's pages through it; the manifest and the board page follow the same names.
public struct OutputPath: Sendable {
    /// The output name as given, `{name}` and all.
    public let template: String
    /// The batch's name for `{name}`; nil outside a batch.
    public let batch: String?

    public init(template: String, batch: String? = nil) {
        self.template = template
        self.batch = batch
    }

    /// The path for `page` (1-based), or the unnumbered path when the board is not paged.
    public func path(page: Int?) -> String {
        let named = batch.map { template.replacingOccurrences(of: "{name}", with: $0) } ?? template
        guard let page, named != "-" else { return named }
        let url = URL(fileURLWithPath: named)
        let suffix = url.pathExtension.isEmpty ? "" : "." + url.pathExtension
        return String(named.dropLast(suffix.count)) + "-\(page)" + suffix
    }

    /// The path for `page`, with the folders it needs created first (as `mkdir -p` would)
    /// when it comes from a template, a batch's `{name}` or a page number.
    ///
    /// A template stands for files the user does not name one by one, often a folder per
    /// batch (`{name}/board.png`) or a folder for a run's pages, as download tools' output
    /// templates make their folders; a plain `-o` names one file, and a missing folder there
    /// is more likely a slip, so it stays an error that names the folder.
    ///
    /// - Throws: `PinboardError.cannotWrite` naming the path and the folder that could not be made.
    public func preparedPath(page: Int?) throws(PinboardError) -> String {
        let path = path(page: page)
        guard path != "-", batch != nil || page != nil else { return path }
        var folder = ""
        for component in ((path as NSString).deletingLastPathComponent as NSString).pathComponents {
            folder = (folder as NSString).appendingPathComponent(component)
            guard mkdir(folder, 0o777) != 0, errno != EEXIST else { continue }
            throw .cannotWrite(WriteError(path: path, reason: .cannotCreateFolder(folder, errno: errno)))
        }
        return path
    }

    /// A batch's name: its folder's (or file's) name without extension, e.g. `trip` for `photos/trip/`.
    public static func batchName(of input: String) -> String {
        let url = URL(fileURLWithPath: input)
        let last = url.lastPathComponent
        var isFolder: ObjCBool = false
        let folder = FileManager.default.fileExists(atPath: input, isDirectory: &isFolder) && isFolder.boolValue
        return folder || url.pathExtension.isEmpty ? last : url.deletingPathExtension().lastPathComponent
    }
}
