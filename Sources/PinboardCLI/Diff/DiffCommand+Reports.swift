import ArgumentParsing

extension DiffCommand {
    /// The options that write reports: declared apart from the comparison's own options.
    static var reportOptions: [Command<DiffRequest>.Option] {
        [
            .option(\.reports.html, long: "html", valueName: "DIR", completion: .files,
                    help: "Also write an HTML report into DIR (made if missing): index.html, failures first with "
                        + "expected, actual and diff side by side and as a slider, and its images beside it."),
            SharedOptions.file(\.reports.junit, long: "junit",
                    help: "Also write a JUnit XML report: one test case per tile, the figures in each failure."),
        ]
    }
}
