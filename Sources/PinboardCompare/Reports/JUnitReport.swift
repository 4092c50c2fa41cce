import Pinboard
import PinboardIO

/// A comparison report as JUnit XML, for CI dashboards: one test suite, one test case per
/// entry (tile, file or region), a `failure` with the figures for each failing one, and
/// the options as properties. Every name is escaped (`Markup`), so the file is well-formed
/// whatever the files are called.
enum JUnitReport {
    static func xml(_ report: ComparisonReport) -> String {
        let tests = report.entries.count
        let failures = report.failures.count
        let suite = Markup.escaped("pinboard diff \(report.nameA) \(report.nameB)")
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="pinboard diff" tests="\(tests)" failures="\(failures)" errors="0">
            <testsuite name="\(suite)" tests="\(tests)" failures="\(failures)" errors="0" skipped="0">
            <properties>

            """
        let properties = [ReportField(label: "A", value: report.nameA), ReportField(label: "B", value: report.nameB)] + report.options
        for property in properties {
            xml += "<property name=\"\(Markup.escaped(property.label))\" value=\"\(Markup.escaped(property.value))\"/>\n"
        }
        xml += "</properties>\n"
        for entry in report.entries {
            let opening = "<testcase classname=\"pinboard.diff\" name=\"\(Markup.escaped(entry.name))\""
            guard entry.verdict == .fail else {
                xml += opening + "/>\n"
                continue
            }
            let message = entry.summary.isEmpty ? entry.kind.rawValue : "\(entry.kind.rawValue): \(entry.summary)"
            let details = entry.numbers.map { "\($0.label): \($0.value)" }.joined(separator: "\n")
            xml += opening + ">\n<failure type=\"\(Markup.escaped(entry.kind.rawValue))\" message=\"\(Markup.escaped(message))\">"
                + Markup.escaped(details) + "</failure>\n</testcase>\n"
        }
        return xml + "</testsuite>\n</testsuites>\n"
    }
}
