import Foundation
import Pinboard
import PinboardIO

extension SheetComparison {
    /// The comparison as a report: counts, options and one entry per tile, failures first.
    public var report: ComparisonReport { ComparisonReport(self) }

    /// Writes the HTML report into `folder` (made if missing): `index.html`, one
    /// self-contained page, with the crops and diffs it shows in `folder/images/` as PNG.
    ///
    /// The compared sheets (or folders' files) are read again for the crops, so call it
    /// while they are still there. In a test, attach the page when something differs:
    ///
    /// ```swift
    /// let comparison = try SheetComparer.compare("Golden/sheet.png", "current.png")
    /// if comparison.hasDifferences {
    ///     let page = try comparison.htmlReport(to: "diff-report")
    ///     Attachment.record(try Data(contentsOf: URL(fileURLWithPath: page)), named: "index.html")
    /// }
    /// ```
    ///
    /// - Returns: The path of `index.html`.
    /// - Throws: `CompareError.sheet(.cannotWrite)` when the folder or a file in it cannot be
    ///   written; the errors of reading the sheets or images again.
    @discardableResult
    public func htmlReport(to folder: String) throws(CompareError) -> String {
        let report = ComparisonReport(self)
        let images = folder + "/" + ComparisonReport.imageFolder
        do {
            try FileManager.default.createDirectory(atPath: images, withIntermediateDirectories: true)
        } catch {
            throw .sheet(.cannotWrite(WriteError(path: images, reason: .encoder(error.localizedDescription))))
        }
        try ReportImageWriter(folder: folder, options: options).write(report, sides: sides)
        let page = folder + "/index.html"
        do {
            try TextOutput.write(HTMLReport.page(report), to: page)
        } catch {
            throw .sheet(.cannotWrite(error))
        }
        return page
    }

    /// The report as JUnit XML: one test case per tile, the figures in each failure.
    public var junitReport: String { JUnitReport.xml(ComparisonReport(self)) }

    /// Writes `junitReport` to `path`, atomically.
    ///
    /// - Throws: `CompareError.sheet(.cannotWrite)` naming the path.
    public func writeJUnitReport(to path: String) throws(CompareError) {
        do {
            try TextOutput.write(junitReport, to: path)
        } catch {
            throw .sheet(.cannotWrite(error))
        }
    }
}
