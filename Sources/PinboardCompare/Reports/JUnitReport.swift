import Pinboard
import PinboardIO

/// A comparison report as JUnit XML, for CI dashboards: one test suite, one test case per
/// entry (tile, file or region), a `failure` with the figures for each failing one, and
/// the options as properties (and, for an entry a settings file's rule judged, the rule's
/// settings as the test case's own properties). Every name is escaped (`Markup`), so the file is well-formed
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

            """
        let properties = [ReportField(label: "A", value: report.nameA), ReportField(label: "B", value: report.nameB)] + report.options
        xml += Self.properties(properties)
        for entry in report.entries {
            let opening = "<testcase classname=\"pinboard.diff\" name=\"\(Markup.escaped(entry.name))\""
            guard entry.verdict == .fail || !entry.settings.isEmpty else {
                xml += opening + "/>\n"
                continue
            }
            xml += opening + ">\n" + Self.properties(entry.settings)
            if entry.verdict == .fail {
                let message = entry.summary.isEmpty ? entry.kind.rawValue : "\(entry.kind.rawValue): \(entry.summary)"
                let details = entry.numbers.map { "\($0.label): \($0.value)" }.joined(separator: "\n")
                xml += "<failure type=\"\(Markup.escaped(entry.kind.rawValue))\" message=\"\(Markup.escaped(message))\">"
                    + Markup.escaped(details) + "</failure>\n"
            }
            xml += "</testcase>\n"
        }
        return xml + "</testsuite>\n</testsuites>\n"
    }

    /// `fields` as a `properties` element; nothing for none.
    private static func properties(_ fields: [ReportField]) -> String {
        guard !fields.isEmpty else { return "" }
        return "<properties>\n" + fields.map { field in
            "<property name=\"\(Markup.escaped(field.label))\" value=\"\(Markup.escaped(field.value))\"/>\n"
        }.joined() + "</properties>\n"
    }
}
