import Foundation
import PinboardIO

/// Accepts B's images as the new goldens in A, after a comparison: what `pinboard diff
/// --update` does (Playwright's `--update-snapshots`, reg-cli's `-U`).
///
/// Each write goes through `OutputFile`, a temporary file renamed into place, so a run
/// killed midway leaves every golden either old or new, never partial; a golden that is a
/// symbolic link keeps it, its target replaced, and a replaced golden keeps its mode. A
/// sheet is replaced whole: its tiles live in one file.
///
/// ```swift
/// let report = try SheetComparer.compareFolders("golden", "current", options: options)
/// let updated = try GoldenUpdater.update(report, modes: [.changed, .missing], prune: false)
/// #expect(!updated.failsAfter)
/// ```
public struct GoldenUpdater {
    /// The files written or removed, in the report's order: changed pairs, then B's own, then A's own.
    public let updates: [GoldenUpdate]
    /// Whether the run still fails once the updates are made: a difference the modes left
    /// alone, of a kind `failOn` names. What `pinboard diff` exits 1 for after an update.
    public let failsAfter: Bool

    /// Makes the updates `modes` and `prune` ask for.
    ///
    /// - Throws: `CompareError.sheet(.cannotWrite)` naming the file that could not be
    ///   written or removed; the files updated before it stay updated.
    public static func update(_ comparison: SheetComparison, modes: Set<UpdateMode>, prune: Bool) throws(CompareError) -> GoldenUpdater {
        switch comparison.sides {
        case .folders(let folderA, _):
            return try updateFolder(comparison, folderA: folderA, modes: modes, prune: prune)
        case .sheets(.file(let a), .file(let b)):
            guard modes.contains(.changed), comparison.hasDifferences else {
                return GoldenUpdater(updates: [], failsAfter: comparison.fails)
            }
            try copy(b, to: a)
            return GoldenUpdater(updates: [GoldenUpdate(name: a, action: .rewritten, path: a)], failsAfter: false)
        case .sheets, nil:
            return GoldenUpdater(updates: [], failsAfter: comparison.fails)
        }
    }

    private static func updateFolder(
        _ comparison: SheetComparison, folderA: String, modes: Set<UpdateMode>, prune: Bool
    ) throws(CompareError) -> GoldenUpdater {
        var updates: [GoldenUpdate] = []
        var stillFails = false
        for tile in comparison.tiles where tile.kind != nil {
            if modes.contains(.changed) {
                try copy(tile.b.source, to: tile.a.source)
                updates.append(GoldenUpdate(name: tile.name, action: .rewritten, path: tile.a.source))
            } else if tile.fails {
                stillFails = true
            }
        }
        // Each name fails by its own settings: a rule of a settings file may leave a kind out.
        let options = comparison.options
        for image in comparison.onlyInB {
            guard modes.contains(.missing) else {
                stillFails = stillFails || options.judging(image.name).failOn.contains(.added)
                continue
            }
            let destination = folderA + "/" + image.name
            try makeFolder(for: destination)
            try copy(image.source, to: destination)
            updates.append(GoldenUpdate(name: image.name, action: .added, path: destination))
        }
        for image in comparison.onlyInA {
            guard prune else {
                stillFails = stillFails || options.judging(image.name).failOn.contains(.removed)
                continue
            }
            if unlink(image.source) != 0 {
                throw .sheet(.cannotWrite(WriteError(path: image.source, reason: .system(errno: errno))))
            }
            updates.append(GoldenUpdate(name: image.name, action: .removed, path: image.source))
        }
        return GoldenUpdater(updates: updates, failsAfter: stillFails)
    }

    /// Copies `source` over `destination` through a temporary file beside it (beside its
    /// link's target), renamed into place once its bytes are on disk.
    private static func copy(_ source: String, to destination: String) throws(CompareError) {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw .sheet(.cannotWrite(WriteError(path: source, reason: .system(errno: errno)))) }
        defer { close(input) }
        do throws(WriteError) {
            let output = try OutputFile(destination: destination)
            var buffer = [UInt8](repeating: 0, count: 1 << 20)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                if count < 0 { throw WriteError(path: source, reason: .system(errno: errno)) }
                if count == 0 { break }
                try DescriptorOutput.write(Array(buffer[0..<count]), toFileDescriptor: output.fileDescriptor, name: destination)
            }
            try output.commit()
        } catch {
            throw .sheet(.cannotWrite(error))
        }
    }

    /// Makes the folders above a file B has and A lacks (`login/dark.png` in a new `login/`).
    private static func makeFolder(for path: String) throws(CompareError) {
        let folder = (path as NSString).deletingLastPathComponent
        guard !folder.isEmpty, case .missing = FileSystem.status(of: folder) else { return }
        try makeFolder(for: folder)
        if mkdir(folder, 0o777) != 0 && errno != EEXIST {
            throw .sheet(.cannotWrite(WriteError(path: path, reason: .cannotCreateFolder(folder, errno: errno))))
        }
    }
}
