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
            if !request.quiet {
                if request.json {
                    Terminal.write(DiffReport.json(report), to: STDOUT_FILENO)
                } else {
                    Terminal.print(lines: DiffReport.lines(report))
                }
                if let output = request.output, report.mode == .plain, report.sizeA != report.sizeB {
                    Terminal.report("Warning: \(output) not written: images of different sizes have no pixels to compare")
                }
            }
            return report.hasDifferences ? 1 : 0
        } catch {
            Terminal.report("Error: \(error)")
            return 2
        }
    }
}
