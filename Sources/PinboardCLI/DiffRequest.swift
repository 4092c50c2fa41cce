/// What a `pinboard diff` command line asks for.
struct DiffRequest: Equatable, Sendable {
    var sheetA = ""
    var sheetB = ""
    /// Where to write the diff sheet; none when nil.
    var output: String?
    /// The largest channel difference still counted as unchanged.
    var threshold = 0
    /// The report as JSON on stdout instead of lines for a person.
    var json = false
    var quiet = false
    /// The HTML and JUnit reports to write.
    var reports = ReportOutputs()
}
