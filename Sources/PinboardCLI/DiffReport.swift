import Foundation
import Geometry
import Layout
import Pinboard
import PinboardCompare
import Raster

/// How `pinboard diff` shows a comparison: aligned lines for a person, or JSON for a script.
enum DiffReport {
    /// One line per changed pair, region and unpaired tile, then a summary line; names
    /// as they are, for `Terminal` to escape.
    static func lines(_ report: SheetComparison) -> [String] {
        var rows: [(kind: String, name: String, detail: String)] = []
        for change in report.changes {
            if let difference = change.difference {
                rows.append(("changed", change.name, describe(difference)))
            } else {
                rows.append(("resized", change.name, "\(change.a.size) → \(change.b.size)"))
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
        let threshold = "threshold \(report.threshold)"
        switch report.mode {
        case .plain:
            if let a = report.sizeA, let b = report.sizeB, a != b {
                return "sizes differ: A is \(a), B is \(b); nothing compared"
            }
            let verdict = report.regions.isEmpty ? "identical" : "\(report.regions.count) region\(report.regions.count == 1 ? "" : "s") differ"
            return "plain images, \(verdict): \(describe(report.total)) (\(threshold))"
        case .tiles, .folders:
            let resized = report.changes.filter(\.isResized).count
            let parts = [
                "\(report.unchanged) unchanged",
                "\(report.changes.count - resized) changed",
                resized > 0 ? "\(resized) resized" : nil,
                report.rescaled.isEmpty ? nil : "\(report.rescaled.count) rescaled",
                "\(report.onlyInA.count) only in A",
                "\(report.onlyInB.count) only in B",
            ]
            return parts.compactMap { $0 }.joined(separator: ", ") + " (\(threshold))"
        }
    }

    /// "max 87, 1204 of 62500 pixels (1.93%), PSNR 31.42 dB"
    /// A region's bounds as ImageMagick writes geometry: `WxH+X+Y`.
    private static func geometry(_ rect: Rect) -> String {
        "\(rect.width)x\(rect.height)+\(rect.x)+\(rect.y)"
    }

    private static func describe(_ difference: PixelDifference) -> String {
        let share = difference.pixelCount == 0 ? 0 : 100 * Double(difference.changedPixels) / Double(difference.pixelCount)
        let psnr = difference.psnr.map { String(format: "%.2f dB", $0) } ?? "inf"
        return "max \(difference.maxChannelDifference), \(difference.changedPixels) of \(difference.pixelCount) pixels "
            + String(format: "(%.2f%%)", share) + ", PSNR \(psnr)"
    }

    /// The report as one JSON object, keys sorted, for scripts.
    static func json(_ report: SheetComparison) -> String {
        let document = Document(report)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(document), let text = String(data: data, encoding: .utf8) else { return "{}\n" }
        return text + "\n"
    }

    private struct Document: Encodable {
        struct Image: Encodable {
            let name: String
            let source: String
            let rect: Rect?
            let size: Size
            let sha256: String?
        }

        struct Change: Encodable {
            let name: String
            let a: Image
            let b: Image
            let maxChannelDifference: Int?
            let changedPixels: Int?
            let pixels: Int?
            let psnr: Double?
        }

        struct Region: Encodable {
            let x: Int
            let y: Int
            let width: Int
            let height: Int
            let changedPixels: Int
            let maxChannelDifference: Int
        }

        let mode: String
        let threshold: Int
        let identical: Bool
        let unchanged: Int
        let changed: [Change]
        let rescaled: [Change]
        let onlyInA: [Image]
        let onlyInB: [Image]
        let regions: [Region]

        init(_ report: SheetComparison) {
            func image(_ compared: ComparedImage) -> Image {
                Image(name: compared.name, source: compared.source, rect: compared.rect, size: compared.size, sha256: compared.sha256)
            }
            mode = report.mode.rawValue
            threshold = report.threshold
            identical = !report.hasDifferences
            unchanged = report.unchanged
            func describe(_ change: TileChange) -> Change {
                Change(
                    name: change.name, a: image(change.a), b: image(change.b),
                    maxChannelDifference: change.difference?.maxChannelDifference,
                    changedPixels: change.difference?.changedPixels, pixels: change.difference?.pixelCount,
                    psnr: change.difference?.psnr)
            }
            changed = report.changes.map(describe)
            rescaled = report.rescaled.map(describe)
            onlyInA = report.onlyInA.map(image)
            onlyInB = report.onlyInB.map(image)
            regions = report.regions.map { region in
                Region(
                    x: region.bounds.x, y: region.bounds.y, width: region.bounds.width, height: region.bounds.height,
                    changedPixels: region.changedPixels, maxChannelDifference: region.maxChannelDifference)
            }
        }
    }
}
