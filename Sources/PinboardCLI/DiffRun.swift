import Foundation
import Pinboard
import PinboardCompare

/// Carries out `pinboard diff`: compares, prints the report, exits 0 (same), 1 (changed)
/// or 2 (could not compare).
struct DiffRun {
    let request: DiffRequest

    func run() -> Int32 {
        do {
            let report = try SheetComparer.compare(
                .file(request.sheetA), .file(request.sheetB), threshold: request.threshold,
                diffSheet: request.output.map { .file($0) } ?? .none)
            try request.reports.write(report)
            if !request.quiet {
                FileHandle.standardOutput.write(Data((request.json ? DiffReport.json(report) : DiffReport.lines(report)).utf8))
                if let output = request.output, report.mode == .plain, report.sizeA != report.sizeB {
                    FileHandle.standardError.write(Data("Warning: \(output) not written: images of different sizes have no pixels to compare\n".utf8))
                }
            }
            return report.hasDifferences ? 1 : 0
        } catch {
            FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
            return 2
        }
    }
}
