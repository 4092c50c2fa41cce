import PinboardCompare

/// Where `pinboard diff` writes its reports, besides the lines or JSON it prints.
struct ReportOutputs: Equatable, Sendable {
    /// The folder of the HTML report (`index.html` and its images); none when nil.
    var html: String?
    /// The JUnit XML file; none when nil.
    var junit: String?

    /// Writes the reports asked for.
    func write(_ comparison: SheetComparison) throws(CompareError) {
        if let html { try comparison.htmlReport(to: html) }
        if let junit { try comparison.writeJUnitReport(to: junit) }
    }
}
