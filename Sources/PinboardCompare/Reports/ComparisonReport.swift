import Differences
import Foundation
import Geometry
import Raster

/// A comparison as a report a person or a CI dashboard reads: counts and the options used
/// at the top, then one entry per tile, failures first.
///
/// It is made from a `SheetComparison` alone, as values; `HTMLReport` and `JUnitReport`
/// render it, and `htmlReport(to:)` writes it with its images. A new member of the
/// comparison reaches every report through here: a count, an option, or a kind of entry.
///
/// ```swift
/// let report = ComparisonReport(comparison)
/// #expect(report.entries.filter { $0.verdict == .fail }.map(\.name) == ["login.png"])
/// ```
public struct ComparisonReport: Sendable, Hashable {
    /// What the report calls the reference (A) and the checked side (B).
    public let nameA: String
    public let nameB: String
    /// How the sides were compared: folders are updated file by file, sheets whole.
    public let mode: SheetComparison.Mode
    /// Whether nothing fails: what `pinboard diff` exits 0 for.
    public let passed: Bool
    public let counts: [ReportCount]
    /// The settings the comparison ran with, by name, as the command line spells them.
    public let options: [ReportField]
    /// Failing entries first, each group in the comparison's order; then passing ones.
    public let entries: [ReportEntry]

    /// The folder below the report's where its images go.
    static let imageFolder = "images"

    public init(_ comparison: SheetComparison) {
        let names = comparison.sides?.names ?? (a: "A", b: "B")
        nameA = names.a
        nameB = names.b
        mode = comparison.mode
        passed = !comparison.fails
        options = Self.fields(comparison.mode, comparison.options)
        var builder = Builder(threshold: comparison.threshold)
        switch comparison.mode {
        case .tiles, .folders:
            let options = comparison.options
            for change in comparison.changes { builder.add(change) }
            for image in comparison.onlyInA {
                builder.add(image, kind: .onlyInA, fails: options.judging(image.name).failOn.contains(.removed), rule: options.rule(for: image.name))
            }
            for image in comparison.onlyInB {
                builder.add(image, kind: .onlyInB, fails: options.judging(image.name).failOn.contains(.added), rule: options.rule(for: image.name))
            }
            for change in comparison.rescaled { builder.add(change, rescaled: true) }
            for change in comparison.tiles where change.kind == nil { builder.add(name: change.name, rule: change.rule) }
            let resized = comparison.changes.filter { $0.kind == .resized }.count
            counts = [
                ReportCount(label: "unchanged", value: comparison.unchanged, fails: false),
                ReportCount(label: "changed", value: comparison.changes.count - resized, fails: true),
                ReportCount(label: "resized", value: resized, fails: true),
                ReportCount(label: "rescaled", value: comparison.rescaled.count, fails: false),
                ReportCount(label: "only in A", value: comparison.onlyInA.count, fails: true),
                ReportCount(label: "only in B", value: comparison.onlyInB.count, fails: true),
            ]
        case .plain:
            builder.addPlain(comparison, nameB: names.b)
            counts = [
                ReportCount(label: "regions", value: comparison.regions.count, fails: true),
                ReportCount(label: "changed pixels", value: comparison.total.changedPixels, fails: true),
                ReportCount(label: "pixels", value: comparison.total.pixelCount, fails: false),
            ]
        }
        entries = builder.failures + builder.passes
    }

    /// The entries that fail the run.
    public var failures: [ReportEntry] { entries.filter { $0.verdict == .fail } }

    /// "max 87, 1204 of 62500 pixels (1.93%), PSNR 31.42 dB": a pixel comparison in one line,
    /// then the anti-aliased and masked pixels when there are any.
    public static func summary(of difference: PixelDifference) -> String {
        let share = difference.pixelCount == 0 ? 0 : 100 * Double(difference.changedPixels) / Double(difference.pixelCount)
        let antialiased = difference.antialiasedPixels > 0 ? ", \(difference.antialiasedPixels) anti-aliased" : ""
        let masked = difference.maskedPixels > 0 ? ", \(difference.maskedPixels) masked" : ""
        return "max \(difference.maxChannelDifference), \(difference.changedPixels) of \(difference.pixelCount) pixels "
            + String(format: "(%.2f%%)", share) + ", PSNR \(psnr(difference))" + antialiased + masked
    }

    /// The settings, as the command line spells them; those left at their defaults are not
    /// shown. Then each rule's `match`, when the options have rules.
    private static func fields(_ mode: SheetComparison.Mode, _ options: ComparisonOptions) -> [ReportField] {
        [ReportField(label: "mode", value: mode.rawValue)] + settings(options)
            + options.rules.map { ReportField(label: "rule", value: $0.pattern.text) }
    }

    /// The settings of `options` that are shown, as the command line spells them.
    private static func settings(_ options: ComparisonOptions) -> [ReportField] {
        ComparisonSetting.all.flatMap { setting in
            setting.value(options).spellings.map { ReportField(label: setting.spelling, value: $0) }
        }
    }

    /// What an entry judged by `rule` shows of it: its glob, then its settings.
    static func settings(of rule: SettingRule?) -> [ReportField] {
        guard let rule else { return [] }
        return [ReportField(label: "rule", value: rule.pattern.text)] + settings(rule.options)
    }

    private static func psnr(_ difference: PixelDifference) -> String {
        difference.psnr.map { String(format: "%.2f dB", $0) } ?? "inf"
    }

    /// Makes entries in order, numbering the images each will show.
    private struct Builder {
        let threshold: Int
        var failures: [ReportEntry] = []
        var passes: [ReportEntry] = []

        private var nextImage: Int { failures.count + passes.count + 1 }

        private func image(_ role: String, size: Size) -> ReportImage {
            ReportImage(path: "\(ComparisonReport.imageFolder)/\(nextImage)-\(role).png", width: size.width, height: size.height)
        }

        mutating func add(_ change: TileChange, rescaled: Bool = false) {
            let kind: ReportEntry.Kind = rescaled ? .rescaled : change.kind == .resized ? .resized : .changed
            var numbers: [ReportField] = []
            let sizes = "\(change.a.size) → \(change.b.size)"
            var summary = sizes
            if let difference = change.difference {
                numbers = Self.numbers(difference)
                summary = ComparisonReport.summary(of: difference)
                if kind == .resized {
                    // Compared over the area both sizes share.
                    numbers.insert(ReportField(label: "size", value: sizes), at: 0)
                    summary = sizes + ", over the common area: " + summary
                }
                if kind == .changed, change.withinBudget { summary += ", within budget" }
            } else {
                numbers = [ReportField(label: "size", value: summary)]
                if kind == .rescaled { summary += ", same file (SHA-256)" }
            }
            let shown = kind != .rescaled
            let entry = ReportEntry(
                name: change.name, kind: kind, verdict: change.fails ? .fail : .pass, numbers: numbers, summary: summary,
                expected: shown ? image("expected", size: change.a.size) : nil,
                actual: shown ? image("actual", size: change.b.size) : nil,
                // The crops' own diff needs one size; a resized pair's is on the diff sheet.
                diff: kind == .changed ? image("diff", size: change.b.size) : nil,
                expectedOrigin: shown ? Self.origin(change.a) : nil, actualOrigin: shown ? Self.origin(change.b) : nil,
                settings: ComparisonReport.settings(of: change.rule))
            if entry.verdict == .fail { failures.append(entry) } else { passes.append(entry) }
        }

        /// An image on one side only; it fails when `--fail-on` names its kind.
        mutating func add(_ compared: ComparedImage, kind: ReportEntry.Kind, fails: Bool, rule: SettingRule?) {
            let onA = kind == .onlyInA
            let shown = image(onA ? "expected" : "actual", size: compared.size)
            let entry = ReportEntry(
                name: compared.name, kind: kind, verdict: fails ? .fail : .pass,
                numbers: [ReportField(label: "size", value: "\(compared.size)")], summary: "",
                expected: onA ? shown : nil, actual: onA ? nil : shown, diff: nil,
                expectedOrigin: onA ? Self.origin(compared) : nil, actualOrigin: onA ? nil : Self.origin(compared),
                settings: ComparisonReport.settings(of: rule))
            if fails { failures.append(entry) } else { passes.append(entry) }
        }

        mutating func add(name: String, rule: SettingRule?) {
            passes.append(ReportEntry(
                name: name, kind: .unchanged, verdict: .pass, numbers: [], summary: "", expected: nil, actual: nil, diff: nil,
                expectedOrigin: nil, actualOrigin: nil, settings: ComparisonReport.settings(of: rule)))
        }

        /// Plain images: one entry for sizes that differ; an entry per region of the area
        /// both have, with a few pixels around it; one passing entry for identical images.
        mutating func addPlain(_ comparison: SheetComparison, nameB: String) {
            let options = comparison.options
            guard let sizeA = comparison.sizeA, let sizeB = comparison.sizeB else { return }
            if sizeA != sizeB {
                let sizes = "\(sizeA) → \(sizeB)"
                let entry = ReportEntry(
                    name: nameB, kind: .resized, verdict: options.failOn.contains(.resized) ? .fail : .pass,
                    numbers: [ReportField(label: "size", value: sizes)],
                    summary: sizes, expected: nil, actual: nil, diff: nil, expectedOrigin: nil, actualOrigin: nil)
                if entry.verdict == .fail { failures.append(entry) } else { passes.append(entry) }
            }
            let common = Size(width: min(sizeA.width, sizeB.width), height: min(sizeA.height, sizeB.height))
            // The regions fail together: the budget is the whole image's.
            let regionsFail = options.failOn.contains(.changed) && !options.isWithinBudget(comparison.total)
            for region in comparison.regions {
                let bounds = region.bounds
                let shown = Self.grown(bounds, by: 8, within: common)
                let size = Size(width: shown.width, height: shown.height)
                let difference = PixelDifference(
                    pixelCount: bounds.width * bounds.height, changedPixels: region.changedPixels,
                    maxChannelDifference: region.maxChannelDifference)
                let entry = ReportEntry(
                    name: "region \(bounds.width)x\(bounds.height)+\(bounds.x)+\(bounds.y)", kind: .region,
                    verdict: regionsFail ? .fail : .pass, numbers: Array(Self.numbers(difference).prefix(2)),
                    summary: "max \(region.maxChannelDifference), \(region.changedPixels) pixels",
                    expected: image("expected", size: size), actual: image("actual", size: size), diff: image("diff", size: size),
                    expectedOrigin: .sheet(shown), actualOrigin: .sheet(shown))
                if regionsFail { failures.append(entry) } else { passes.append(entry) }
            }
            if comparison.regions.isEmpty && sizeA == sizeB {
                passes.append(ReportEntry(
                    name: nameB, kind: .unchanged, verdict: .pass, numbers: Self.numbers(comparison.total),
                    summary: ComparisonReport.summary(of: comparison.total), expected: nil, actual: nil, diff: nil,
                    expectedOrigin: nil, actualOrigin: nil))
            }
        }

        private static func numbers(_ difference: PixelDifference) -> [ReportField] {
            let share = difference.pixelCount == 0 ? 0 : 100 * Double(difference.changedPixels) / Double(difference.pixelCount)
            return [
                ReportField(label: "largest channel difference", value: "\(difference.maxChannelDifference)"),
                ReportField(
                    label: "changed pixels",
                    value: "\(difference.changedPixels) of \(difference.pixelCount) " + String(format: "(%.2f%%)", share)),
                ReportField(label: "PSNR", value: ComparisonReport.psnr(difference)),
            ] + (difference.antialiasedPixels > 0 ? [ReportField(label: "anti-aliased pixels", value: "\(difference.antialiasedPixels)")] : [])
                + (difference.maskedPixels > 0 ? [ReportField(label: "masked pixels", value: "\(difference.maskedPixels)")] : [])
        }

        private static func origin(_ image: ComparedImage) -> ReportEntry.Origin {
            image.rect.map(ReportEntry.Origin.sheet) ?? .file(image.source)
        }

        private static func grown(_ rect: Rect, by margin: Int, within size: Size) -> Rect {
            let x = max(0, rect.x - margin)
            let y = max(0, rect.y - margin)
            return Rect(
                x: x, y: y, width: min(size.width, rect.maxX + margin) - x, height: min(size.height, rect.maxY + margin) - y)
        }
    }
}
