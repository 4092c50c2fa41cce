import Foundation
import Pinboard
import PinboardCompare
import PinboardIO

/// Carries out `pinboard diff`: compares, prints the report, exits 0 (nothing fails), 1
/// (something does) or 2 (could not compare).
struct DiffRun {
    let request: DiffRequest

    func run() -> Int32 {
        do {
            let report = try compare()
            try request.reports.write(report)
            let updated = request.update != nil || request.prune
                ? try GoldenUpdater.update(report, modes: request.update?.modes ?? [], prune: request.prune) : nil
            if !request.quiet {
                for warning in report.warnings { Terminal.report("Warning: \(warning)") }
                if request.json {
                    Terminal.write(DiffReport.json(report, updated: updated), to: STDOUT_FILENO)
                } else {
                    Terminal.print(lines: DiffReport.lines(report) + (updated.map(DiffReport.lines(updated:)) ?? []))
                }
            }
            return (updated?.failsAfter ?? report.fails) ? 1 : 0
        } catch {
            Terminal.report("Error: \(error)")
            return 2
        }
    }

    /// Two folders compare file by file; anything else as sheets.
    private func compare() throws(CompareError) -> SheetComparison {
        let options = try request.options()
        let folders = [request.sheetA, request.sheetB].map { path in
            if case .folder = FileSystem.status(of: path) { true } else { false }
        }
        switch (folders[0], folders[1]) {
        case (true, true):
            if let output = request.output {
                throw .sheet(.cannotWrite(WriteError(path: output, reason: .refused("folders are compared file by file and have no diff sheet"))))
            }
            return try SheetComparer.compareFolders(request.sheetA, request.sheetB, options: options)
        case (true, false), (false, true):
            let folder = folders[0] ? request.sheetA : request.sheetB
            throw .sheet(.unreadableSheet(path: folder, reason: .folderAgainstFile))
        case (false, false):
            return try SheetComparer.compare(
                .file(request.sheetA), .file(request.sheetB), options: options,
                diffSheet: request.output.map { .file($0) } ?? .none)
        }
    }
}
