import Foundation
import Geometry
import Layout
import Pinboard
import PinboardCompare

/// How `pinboard diff` shows a comparison: aligned lines for a person, or JSON for a script.
enum DiffReport {
    /// One line per changed pair, region and unpaired tile, then a summary line; names
    /// as they are, for `Terminal` to escape.
    static func lines(_ report: SheetComparison) -> [String] {
        var rows: [(kind: String, name: String, detail: String)] = []
        for change in report.changes {
            let budget = change.kind == .changed && change.withinBudget ? ", within budget" : ""
            let figures = change.difference.map(ComparisonReport.summary(of:)) ?? ""
            if change.kind == .resized {
                rows.append(("resized", change.name, "\(change.a.size) → \(change.b.size), over the common area: " + figures))
            } else {
                rows.append(("changed", change.name, figures + budget))
            }
        }
        rows += report.rescaled.map { ("rescaled", $0.name, "\($0.a.size) → \($0.b.size), same file (SHA-256)") }
        rows += report.onlyInA.map { ("only in A", $0.name, "") }
        rows += report.onlyInB.map { ("only in B", $0.name, "") }
        rows += report.regions.map { region in
            ("region", Self.geometry(region.bounds), "max \(region.maxChannelDifference), \(region.changedPixels) pixels")
        }
        let nameWidth = min(rows.map(\.name.count).max() ?? 0, 60)
        var text = rows.map { row in
            let kind = row.kind.padding(toLength: 10, withPad: " ", startingAt: 0)
            guard !row.detail.isEmpty else { return kind + row.name }
            let name = row.name.count < nameWidth ? row.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) : row.name
            return kind + name + "  " + row.detail
        }
        text.append(summary(report))
        return text
    }

    private static func summary(_ report: SheetComparison) -> String {
        let threshold = settings(report.options)
        switch report.mode {
        case .plain:
            let verdict = report.regions.isEmpty
                ? sameness(report) : "\(report.regions.count) region\(report.regions.count == 1 ? "" : "s") differ"
            if let a = report.sizeA, let b = report.sizeB, a != b {
                let common = Size(width: min(a.width, b.width), height: min(a.height, b.height))
                return "sizes differ: A is \(a), B is \(b); over the \(common) both have, \(verdict): "
                    + "\(ComparisonReport.summary(of: report.total)) (\(threshold))"
            }
            return "plain images, \(verdict): \(ComparisonReport.summary(of: report.total)) (\(threshold))"
        case .tiles, .folders:
            let resized = report.changes.filter { $0.kind == .resized }.count
            let within = report.changes.filter { $0.kind == .changed && $0.withinBudget }.count
            let parts = [
                "\(report.unchanged) unchanged",
                "\(report.changes.count - resized) changed" + (within > 0 ? " (\(within) within budget)" : ""),
                resized > 0 ? "\(resized) resized" : nil,
                report.rescaled.isEmpty ? nil : "\(report.rescaled.count) rescaled",
                "\(report.onlyInA.count) only in A",
                "\(report.onlyInB.count) only in B",
            ]
            return parts.compactMap { $0 }.joined(separator: ", ") + " (\(threshold))"
        }
    }

    /// One line per golden written or removed, then how many, so a CI log says what an
    /// update did: `updated   login.png  rewritten from B`.
    static func lines(updated: GoldenUpdater) -> [String] {
        let width = min(updated.updates.map(\.name.count).max() ?? 0, 60)
        return updated.updates.map { update in
            let name = update.name.count < width ? update.name.padding(toLength: width, withPad: " ", startingAt: 0) : update.name
            let action = switch update.action {
            case .rewritten: "rewritten from B"
            case .added: "added from B"
            case .removed: "removed"
            }
            return "updated   " + name + "  " + action
        } + ["updated \(updated.updates.count) golden\(updated.updates.count == 1 ? "" : "s")"
            + (updated.failsAfter ? "; failures remain" : "; nothing left failing")]
    }

    /// "identical" only when no pixel was forgiven: pixels that differ only by anti-aliasing
    /// are differences a reader should hear of, with how many and how far apart.
    private static func sameness(_ report: SheetComparison) -> String {
        let total = report.total
        guard total.antialiasedPixels > 0 else { return "identical" }
        return "no differences beyond anti-aliasing (\(total.antialiasedPixels) pixel\(total.antialiasedPixels == 1 ? "" : "s") "
            + "forgiven, max \(total.maxChannelDifference))"
    }

    /// "threshold 0", then the other settings that differ from their defaults, in the
    /// settings' own words: "threshold 0, colour 0.1, anti-aliasing ignored, budget 10 pixels".
    private static func settings(_ options: ComparisonOptions) -> String {
        ComparisonSetting.phrases(options).joined(separator: ", ")
    }

    /// A region's bounds as ImageMagick writes geometry: `WxH+X+Y`.
    private static func geometry(_ rect: Rect) -> String {
        "\(rect.width)x\(rect.height)+\(rect.x)+\(rect.y)"
    }

    /// The report as one JSON object, keys sorted, for scripts; with what an update did,
    /// when one ran.
    static func json(_ report: SheetComparison, updated: GoldenUpdater? = nil) -> String {
        let document = Document(report: report, updated: updated)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(document), let text = String(data: data, encoding: .utf8) else { return "{}\n" }
        return text + "\n"
    }

    /// The top of the JSON document: the counts and verdicts of the whole comparison, and
    /// its tiles, options and regions as they encode themselves; then, after `--update`,
    /// each golden written or removed (`updated`: name, action, path) and whether the run
    /// still fails (`failsAfterUpdate`, what the exit status then says).
    private struct Document: Encodable {
        let report: SheetComparison
        let updated: GoldenUpdater?

        private enum CodingKeys: String, CodingKey {
            case mode, threshold, options, identical, fails, unchanged, antialiasedPixels, maskedPixels
            case changed, rescaled, onlyInA, onlyInB, regions, updated, failsAfterUpdate
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(report.mode.rawValue, forKey: .mode)
            try container.encode(report.threshold, forKey: .threshold)
            try container.encode(report.options, forKey: .options)
            // Whether anything differs, and whether the run fails: what the exit status says.
            try container.encode(!report.hasDifferences, forKey: .identical)
            try container.encode(report.fails, forKey: .fails)
            try container.encode(report.unchanged, forKey: .unchanged)
            try container.encode(report.total.antialiasedPixels, forKey: .antialiasedPixels)
            try container.encode(report.total.maskedPixels, forKey: .maskedPixels)
            try container.encode(report.changes, forKey: .changed)
            try container.encode(report.rescaled, forKey: .rescaled)
            try container.encode(report.onlyInA, forKey: .onlyInA)
            try container.encode(report.onlyInB, forKey: .onlyInB)
            try container.encode(report.regions, forKey: .regions)
            try container.encodeIfPresent(updated?.updates, forKey: .updated)
            try container.encodeIfPresent(updated?.failsAfter, forKey: .failsAfterUpdate)
        }
    }
}
