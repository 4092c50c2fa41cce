/// One row of a justified sheet as justified-layout 4.1 chooses it: which sources it holds
/// and the height they share, before pinboard rounds anything to pixels.
///
/// The breaks are decided in `Double`, in the same order of operations as justified-layout's
/// `Row.addItem`, so the same aspect ratios and settings give the same rows.
struct JustifiedRow: Hashable, Sendable {
    /// The sources in the row, as positions in the list laid out.
    var sources: Range<Int>
    /// The row's height, unrounded: the height that fills the width clamped to
    /// `[target / 2, 2 · target]`, or the height a widow row borrows.
    var height: Double
    /// Whether the images fill the row's width: every row but a widow row.
    var fills: Bool

    /// The widths and spacing a section of rows is broken for.
    struct Settings: Sendable {
        /// The row's width inside the container padding: justified-layout's `row.width`.
        var width: Int
        /// The gap between neighbouring images: justified-layout's `boxSpacing`.
        var spacing: Int
        /// `targetRowHeight`.
        var target: Int
        /// `targetRowHeightTolerance`.
        var tolerance: Double
    }

    /// The rows of every section, in order; each section's rows start a new row, and its
    /// incomplete last row is a widow row at the height of the row before it in the section
    /// (the target height when it is the section's only row).
    ///
    /// With `maxRows`, the rows stop after that many, counted over all sections, and the
    /// sources after the last row get none (justified-layout's `maxNumRows`).
    static func rows(
        aspectRatios: [Double], sectionStarts: [Int], settings: Settings, maxRows: Int?
    ) -> [JustifiedRow] {
        var rows: [JustifiedRow] = []
        let limit = maxRows ?? Int.max
        let bounds = (sectionStarts.isEmpty ? [0] : sectionStarts) + [aspectRatios.count]
        for (start, end) in zip(bounds, bounds.dropFirst()) where rows.count < limit {
            var breaker = Breaker(settings: settings, start: start)
            var index = start
            while index < end, rows.count < limit {
                switch breaker.add(index, aspectRatio: aspectRatios[index]) {
                case .open:
                    index += 1
                case .complete(let row, let taken):
                    rows.append(row)
                    breaker = Breaker(settings: settings, start: taken ? index + 1 : index)
                    if taken { index += 1 }
                }
            }
            if rows.count < limit, breaker.start < end {
                let previous = rows.last.flatMap { $0.sources.lowerBound >= start ? $0.height : nil }
                rows.append(JustifiedRow(
                    sources: breaker.start..<end, height: previous ?? Double(settings.target), fills: false))
            }
        }
        return rows
    }

    /// A row being filled: justified-layout's `Row` before `completeLayout`.
    private struct Breaker {
        let settings: Settings
        let start: Int
        var count = 0
        var aspectRatio = 0.0

        init(settings: Settings, start: Int) {
            self.settings = settings
            self.start = start
        }

        enum Outcome {
            /// The source joined the row, which wants more.
            case open
            /// The row is done; `taken` says whether the source offered is in it.
            case complete(JustifiedRow, taken: Bool)
        }

        /// Offers source `index` to the row: `Row.addItem` without breakout rows.
        mutating func add(_ index: Int, aspectRatio itemRatio: Double) -> Outcome {
            let width = Double(settings.width)
            let spacing = Double(settings.spacing)
            let target = Double(settings.target)
            let minAspectRatio = width / target * (1 - settings.tolerance)
            let maxAspectRatio = width / target * (1 + settings.tolerance)
            let newAspectRatio = aspectRatio + itemRatio
            let rowWidth = width - Double(count) * spacing
            let targetAspectRatio = rowWidth / target
            if newAspectRatio < minAspectRatio {
                count += 1
                aspectRatio = newAspectRatio
                return .open
            }
            if newAspectRatio > maxAspectRatio, count > 0 {
                let previousRowWidth = width - Double(count - 1) * spacing
                let previousTarget = previousRowWidth / target
                if abs(newAspectRatio - targetAspectRatio) > abs(aspectRatio - previousTarget) {
                    return .complete(row(count: count, height: previousRowWidth / aspectRatio), taken: false)
                }
            }
            // Within the tolerance, closer to the target with the source, or a panorama alone.
            return .complete(row(count: count + 1, height: rowWidth / newAspectRatio), taken: true)
        }

        /// The completed row of the first `count` sources at `height`, clamped as
        /// justified-layout's `edgeCaseMinRowHeight` and `edgeCaseMaxRowHeight` clamp it.
        private func row(count: Int, height: Double) -> JustifiedRow {
            let target = Double(settings.target)
            let clamped = max(0.5 * target, min(height, 2 * target))
            return JustifiedRow(sources: start..<start + count, height: clamped, fills: true)
        }
    }
}
