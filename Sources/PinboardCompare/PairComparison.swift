import Differences
import Geometry
import Raster

/// Compares two whole images of one name, a tile cut from each sheet or a file from each
/// folder: over the area both sizes share, by the criteria, with its ignored areas.
struct PairComparison: Sendable {
    /// The criteria of each pair, by the pair's id: its rule's (`ComparisonOptions.judging`).
    let criteria: [PixelCriteria]
    /// The ignored rects of each pair, by the pair's id.
    let ignored: [[Rect]]
    /// Whether to keep what a diff sheet draws.
    let keepMarks: Bool

    /// The comparison of the pairs named `names`, in order, each by the options that judge it.
    init(names: [String], options: ComparisonOptions, keepMarks: Bool) {
        criteria = names.map { options.judging($0).criteria }
        ignored = names.map(options.ignoredRects(for:))
        self.keepMarks = keepMarks
    }

    /// Compares `b` (straight RGBA rows of `widthB` pixels) with `a`, the pair `pair`.
    func compare(_ a: [UInt8], width widthA: Int, _ b: [UInt8], width widthB: Int, pair: Int) -> TileResult {
        let criteria = criteria[pair]
        let ignored = ignored[pair]
        let sizeA = Size(width: widthA, height: widthA == 0 ? 0 : a.count / (widthA * 4))
        let sizeB = Size(width: widthB, height: widthB == 0 ? 0 : b.count / (widthB * 4))
        let common = Size(width: min(sizeA.width, sizeB.width), height: min(sizeA.height, sizeB.height))
        var scanner = ChangeScanner(width: common.width, height: common.height, criteria: criteria, ignoring: ignored)
        var regions = ChangeRegions(width: common.width)
        var changes = keepMarks ? try? ChangeMask(width: sizeB.width, height: sizeB.height) : nil
        var antialiased = keepMarks && criteria.ignoresAntialiasing ? try? ChangeMask(width: sizeB.width, height: sizeB.height) : nil
        let record = { (row: ChangeScanner.ScannedRow) in
            regions.addRow(changes: row.changes, row.a, row.b)
            changes?.mark(row: row.y, changes: row.changes, count: common.width)
            antialiased?.mark(row: row.y, changes: row.antialiased, count: common.width)
        }
        a.withUnsafeBytes { a in
            b.withUnsafeBytes { b in
                for y in 0..<common.height {
                    scanner.add(
                        UnsafeRawBufferPointer(rebasing: a[y * widthA * 4..<(y * widthA + common.width) * 4]),
                        UnsafeRawBufferPointer(rebasing: b[y * widthB * 4..<(y * widthB + common.width) * 4]),
                        scanned: record)
                }
            }
        }
        scanner.finish(scanned: record)
        let marks = changes.map { changes in
            TileMarks(changes: changes, antialiased: antialiased, ignored: scanner.ignored, common: sizeA == sizeB ? nil : common)
        }
        return TileResult(
            sizeA: sizeA, sizeB: sizeB, difference: scanner.difference, regions: regions.regions(), ignored: scanner.ignored,
            marks: marks)
    }
}

/// What the comparison of one pair found.
struct TileResult: Sendable {
    let sizeA: Size
    let sizeB: Size
    /// Over the area both sizes share.
    let difference: PixelDifference
    let regions: [ChangeRegion]
    let ignored: [Rect]
    /// What the diff sheet draws; nil when none is wanted.
    let marks: TileMarks?

    /// The pair as the report shows it, its kind and verdict by the options that judge B's name.
    func change(a: ComparedImage, b: ComparedImage, options all: ComparisonOptions) -> TileChange {
        let rule = all.rule(for: b.name)
        let options = rule?.options ?? all
        let kind: ChangeKind? = sizeA != sizeB ? .resized : difference.changedPixels > 0 ? .changed : nil
        let withinBudget = options.isWithinBudget(difference)
        let fails = kind.map { kind in options.failOn.contains(kind) && (kind == .resized || !withinBudget) } ?? false
        return TileChange(
            a: a, b: b, difference: difference, kind: kind, withinBudget: withinBudget, fails: fails, regions: regions, ignored: ignored,
            rule: rule)
    }
}
