import Geometry
import Layout
import TestSupport
import Testing

/// Justified rows against justified-layout 4.1's own test suite (test/test.js), worked
/// cases, and seeded random boards held against `JustifiedReference`.
///
/// justified-layout's defaults are a 1060 px container, `containerPadding` 10 and
/// `boxSpacing` 10: padding 5 and margin 5 here, since `boxSpacing = 2p` and
/// `containerPadding = m + p`.
@Suite struct JustifiedTests {
    /// A source of aspect ratio `ratio` (to 1/1000).
    static func source(_ ratio: Double) -> Size {
        Size(width: Int((ratio * 1000).rounded()), height: 1000)
    }

    static func layout(
        _ ratios: [Double], breadth: Int = 1060, padding: Int = 5, margin: Int = 5, rowHeight: Int = 320,
        tolerance: Double = 0.25, widows: WidowStyle = .left, sectionStarts: [Int] = [], labelHeight: Int = 0
    ) throws -> JustifiedLayout {
        let configuration = try LayoutConfiguration(breadth: breadth, padding: padding, margin: margin, labelHeight: labelHeight)
        let arrangement = try JustifiedArrangement(
            configuration: configuration, rowHeight: rowHeight, tolerance: tolerance, widows: widows)
        return try JustifiedLayout(arrangement: arrangement, sources: ratios.map(source), sectionStarts: sectionStarts)
    }

    // MARK: justified-layout's test cases

    /// "should create additional rows if it won't fit within constraints".
    @Test func additionalRowWhenItWillNotFit() throws {
        let layout = try Self.layout([1, 2], breadth: 200, rowHeight: 100)
        #expect(layout.tiles.map(\.rect.y) == [10, 200])
    }

    /// "should not add the row if we are limiting it with maxNumRows".
    @Test func maxRowsLimitsTheSourcesPlaced() throws {
        let configuration = try LayoutConfiguration(breadth: 200, padding: 5, margin: 5)
        let arrangement = try JustifiedArrangement(configuration: configuration, rowHeight: 100, maxRows: 2)
        #expect(try arrangement.placeable([1, 2, 1].map(Self.source), sectionStarts: []) == 2)
    }

    /// The row a limit stops in is completed as justified-layout completes it, not laid out
    /// as widows. Width 200, p = m = 5, target 100 (1.35 to 2.25), ratios 1, 2: 1 is too tall
    /// alone; 1 + 2 = 3 passes 2.25 and |3 − 1.7| = 1.3 is farther than |1 − 1.8| = 0.8, so the
    /// row completes without the 2 at 180/1 = 180, and one row is the limit. The layout of the
    /// square alone would be a widow 100 high; the layout of what the limit places fills the row.
    @Test func maxRowsCompletesTheRowItStopsIn() throws {
        let configuration = try LayoutConfiguration(breadth: 200, padding: 5, margin: 5)
        let arrangement = try JustifiedArrangement(configuration: configuration, rowHeight: 100, maxRows: 1)
        let limited = try arrangement.layOutPlaceable([1, 2].map(Self.source), sectionStarts: [])
        #expect(limited.tiles.map(\.rect) == [Rect(x: 10, y: 10, width: 180, height: 180)])
        #expect(limited.sheet == Size(width: 200, height: 200))
        let alone = try arrangement.layOut([Self.source(1)], sectionStarts: [])
        #expect(alone.tiles.map(\.rect) == [Rect(x: 10, y: 10, width: 100, height: 100)])
        // A limit the sources do not reach leaves the widow row a widow.
        let roomy = try JustifiedArrangement(configuration: configuration, rowHeight: 100, maxRows: 2)
        #expect(try roomy.layOutPlaceable([Self.source(1)], sectionStarts: []).tiles.map(\.rect) == alone.tiles.map(\.rect))
    }

    /// "should allow overriding of maxNumRows": one row of three of five squares.
    @Test func oneRowOfFiveSquares() throws {
        let configuration = try LayoutConfiguration(breadth: 1060, padding: 5, margin: 5)
        let arrangement = try JustifiedArrangement(configuration: configuration, maxRows: 1)
        #expect(try arrangement.placeable(Array(repeating: Self.source(1), count: 5), sectionStarts: []) == 3)
    }

    /// "should handle a panorama as only row item".
    @Test func panoramaAlone() throws {
        let layout = try Self.layout([5])
        #expect(layout.tiles.map(\.rect) == [Rect(x: 10, y: 10, width: 1040, height: 208)])
    }

    /// "should allow new item added to the row to get closer to the targetRowHeight":
    /// 1 alone is too tall; 1 + 4 = 5 is too wide but |5 − 970/250| = 1.12 < |1 − 980/250| = 2.92,
    /// so the row takes it at 970/5 = 194, and 1.1 is a widow at that height.
    @Test func closerToTheTargetWithTheNewItem() throws {
        let layout = try Self.layout([1, 4, 1.1], breadth: 1000, rowHeight: 250)
        #expect(layout.tiles.map(\.rect.height) == [194, 194, 194])
        #expect(layout.tiles.map(\.rect) == [
            Rect(x: 10, y: 10, width: 194, height: 194), Rect(x: 214, y: 10, width: 776, height: 194),
            Rect(x: 10, y: 214, width: 213, height: 194),
        ])
    }

    /// fixtures/four-squares.json: three squares of 340 and a left widow of 340; container 710.
    @Test func fourSquares() throws {
        let layout = try Self.layout([1, 1, 1, 1])
        #expect(layout.tiles.map(\.rect) == [
            Rect(x: 10, y: 10, width: 340, height: 340), Rect(x: 360, y: 10, width: 340, height: 340),
            Rect(x: 710, y: 10, width: 340, height: 340), Rect(x: 10, y: 360, width: 340, height: 340),
        ])
        #expect(layout.sheet == Size(width: 1060, height: 710))
    }

    /// fixtures/four-squares-400.json: one square of 380 a row; container 1570.
    @Test func fourSquaresIn400() throws {
        let layout = try Self.layout([1, 1, 1, 1], breadth: 400)
        #expect(layout.tiles.map(\.rect) == [10, 400, 790, 1180].map { Rect(x: 10, y: $0, width: 380, height: 380) })
        #expect(layout.sheet.height == 1570)
    }

    /// "should allow overriding of targetRowHeight" (255, tolerance 0) and of the tolerance:
    /// no row fits exactly, so every square is a widow at the target height.
    @Test(arguments: [(255, 4), (320, 3)])
    func zeroToleranceLeavesWidowsAtTheTarget(rowHeight: Int, count: Int) throws {
        let layout = try Self.layout(Array(repeating: 1, count: count), rowHeight: rowHeight, tolerance: 0)
        #expect(layout.tiles.allSatisfy { $0.rect.height == rowHeight })
    }

    /// "should return single widow with justified layout": 880 wide, the widow 2.5 fills 860.
    @Test func justifiedWidowFillsTheWidth() throws {
        let layout = try Self.layout([1, 1, 1, 2.5], breadth: 880, widows: .justify)
        #expect(layout.tiles[3].rect.width == 860)
    }

    /// "should add padding to the bottom of the container too": containerPadding 100, one
    /// square: 100 + 320 + 100.
    @Test func containerPaddingAtTheBottom() throws {
        let layout = try Self.layout([1], padding: 5, margin: 95)
        #expect(layout.sheet.height == 520)
    }

    /// "should handle 0 padding".
    @Test func zeroPadding() throws {
        let layout = try Self.layout([1, 1, 1], padding: 0, margin: 0, tolerance: 0)
        #expect(layout.sheet.height == 320)
    }

    /// A `justify` widow row takes justified-layout's widths: the row's error shared out in
    /// equal whole shares, not in proportion. Width 1000, p = m = 5 (R = 980), target 250
    /// (2.94 to 4.9): 1, 4 make a row 194 high (see above); the widows 1.1 and 0.5 are 213.4
    /// and 97 wide at 194, 320.4 with the gap, short of 980 by 659.6: each gains 329.8, the
    /// cumulative errors rounding to −330 and −660: 543.4 and 427 wide from x = 10 and 563.4.
    @Test func justifiedWidowsShareTheErrorEqually() throws {
        let layout = try Self.layout([1, 4, 1.1, 0.5], breadth: 1000, rowHeight: 250, widows: .justify)
        #expect(layout.tiles[2...].map(\.rect) == [
            Rect(x: 10, y: 214, width: 543, height: 194), Rect(x: 563, y: 214, width: 427, height: 194),
        ])
    }

    /// The widows tests: at the previous row's height, from the left; centred, they sit in
    /// the middle: (1040 − 340) / 2 = 350 from the content's edge.
    @Test func widowStyles() throws {
        let left = try Self.layout([1, 1, 1, 1])
        #expect(left.tiles[3].rect.height == left.tiles[0].rect.height)
        #expect(left.tiles[3].rect.x == left.tiles[0].rect.x)
        let center = try Self.layout([1, 1, 1, 1], widows: .center)
        #expect(center.tiles[3].rect == Rect(x: 10 + 350, y: 360, width: 340, height: 340))
    }

    // MARK: pinboard's own rules

    /// Ratios 1, 1.5, 1 at width 300, p = 0, m = 0, target 80 (2.8125 to 4.6875): 3.5 fills 300 at 85.714…,
    /// rounded to 86; boundaries round(300·1/3.5) = 86, round(300·2.5/3.5) = 214, and the last
    /// image takes 300 − 214 = 86.
    @Test func roundedWidthsFillTheRow() throws {
        let layout = try Self.layout([1, 1.5, 1], breadth: 300, padding: 0, margin: 0, rowHeight: 80)
        #expect(layout.tiles.map(\.rect) == [
            Rect(x: 0, y: 0, width: 86, height: 86), Rect(x: 86, y: 0, width: 128, height: 86),
            Rect(x: 214, y: 0, width: 86, height: 86),
        ])
    }

    /// A very wide panorama alone is clamped to half the target, its width still filling
    /// the row (justified-layout's edge case, which stretches the image).
    @Test func panoramaClampedToHalfTheTarget() throws {
        let layout = try Self.layout([40], breadth: 1000, padding: 0, margin: 0, rowHeight: 100)
        #expect(layout.tiles.map(\.rect) == [Rect(x: 0, y: 0, width: 1000, height: 50)])
    }

    /// A left widow that would be wider than the sheet fills the width instead, where
    /// justified-layout lets it overflow. Width 100, p = 0, m = 0, target 100: 0.65 + 0.74 =
    /// 1.39 passes 1.25 and is farther from 1 than 0.65 is, so 0.65 makes a row of 100/0.65 =
    /// 153.8…, rounded to 154; the widow 0.74 at that height would be 113.8 px wide.
    @Test func widowNeverWiderThanTheSheet() throws {
        let layout = try Self.layout([0.65, 0.74], breadth: 100, padding: 0, margin: 0, rowHeight: 100)
        #expect(layout.tiles.map(\.rect) == [Rect(x: 0, y: 0, width: 100, height: 154), Rect(x: 0, y: 154, width: 100, height: 154)])
    }

    /// Sections start a new row under their header; title, headers and captions take their
    /// rows as in masonry. Width 300, p = 0, m = 0, target 100, two squares a section:
    /// each section's row is a widow at the target, 100 high with a 10 px caption.
    @Test func sectionsStartNewRows() throws {
        let configuration = try LayoutConfiguration(
            breadth: 300, padding: 0, margin: 0, titleHeight: 20, labelHeight: 10, sectionHeaderHeight: 15)
        let arrangement = try JustifiedArrangement(configuration: configuration, rowHeight: 100)
        let layout = try JustifiedLayout(arrangement: arrangement, sources: [1, 1, 1, 1].map(Self.source), sectionStarts: [0, 2])
        #expect(layout.titleRect == Rect(x: 0, y: 0, width: 300, height: 20))
        #expect(layout.sectionHeaders == [Rect(x: 0, y: 20, width: 300, height: 15), Rect(x: 0, y: 145, width: 300, height: 15)])
        #expect(layout.tiles.map(\.rect.y) == [35, 35, 160, 160])
        #expect(layout.tiles[0].labelRect == Rect(x: 0, y: 135, width: 100, height: 10))
        #expect(layout.sheet == Size(width: 300, height: 270))
        #expect(layout.sectionHeaders(meeting: Rect(x: 0, y: 150, width: 10, height: 1)) == 1..<2)
    }

    @Test func settingsOutOfRange() throws {
        let configuration = try LayoutConfiguration()
        #expect(throws: LayoutError.rowToleranceOutOfRange(1.5)) {
            try JustifiedArrangement(configuration: configuration, tolerance: 1.5)
        }
        #expect(throws: LayoutError.settingOutOfRange(.rowHeight, value: 0, allowed: 1...LayoutConfiguration.largestSetting, direction: .vertical)) {
            try JustifiedArrangement(configuration: configuration, rowHeight: 0)
        }
        #expect(throws: LayoutError.rowsNeedVerticalSheet) {
            try JustifiedArrangement(configuration: LayoutConfiguration(direction: .horizontal))
        }
        // 22 px inside the padding, 8 between images: four squares that never reach the
        // 16.5 the row needs leave 22 − 3·8 = −2 px.
        let crowded = try JustifiedArrangement(configuration: LayoutConfiguration(breadth: 30, lanes: 1, padding: 4), rowHeight: 1)
        #expect(throws: LayoutError.rowTooCrowded(first: 0, images: 4, width: -2)) {
            try crowded.layOut([1, 1, 1, 1].map(Self.source), sectionStarts: [])
        }
    }

    // MARK: property tests

    /// Seeded random boards: the same rows as the reference, heights within 1 px of its
    /// unrounded ones, complete rows filling the width exactly, and `placeable` placing as
    /// many as the reference does with a row limit.
    @Test(arguments: 0..<300 as Range<UInt64>)
    func matchesTheReference(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 17)
        let padding = random.int(in: 0...8)
        let margin = random.int(in: 0...12)
        let breadth = random.int(in: 2 * (padding + margin) + 200...2000)
        let rowHeight = random.int(in: 40...400)
        let tolerance = Double(random.int(in: 0...100)) / 100
        let widows = WidowStyle.allCases[random.int(in: 0...2)]
        let sources = (0..<random.int(in: 1...60)).map { _ in
            random.chance(1, in: 20)
                ? Size(width: random.int(in: 1...40_000), height: random.int(in: 1...400))
                : Size(width: random.int(in: 100...6000), height: random.int(in: 100...6000))
        }
        let configuration = try LayoutConfiguration(breadth: breadth, padding: padding, margin: margin)
        let arrangement = try JustifiedArrangement(
            configuration: configuration, rowHeight: rowHeight, tolerance: tolerance, widows: widows)
        let reference = JustifiedReference(
            containerWidth: Double(breadth), containerPadding: Double(margin + padding), boxSpacing: Double(2 * padding),
            targetRowHeight: Double(rowHeight), tolerance: tolerance, widowLayoutStyle: widows.rawValue)
        let ratios = sources.map { Double($0.width) / Double($0.height) }
        let expected = reference.layout(ratios)
        let layout = try JustifiedLayout(arrangement: arrangement, sources: sources)

        #expect(layout.tiles.map(\.lane) == expected.rows, "seed \(seed)")
        for (tile, box) in zip(layout.tiles, expected.boxes) {
            #expect(abs(Double(tile.rect.height) - box.height) <= 1, "seed \(seed), tile \(tile.index)")
        }
        let content = breadth - 2 * (margin + padding)
        let rows = Dictionary(grouping: layout.tiles, by: \.lane).sorted { $0.key < $1.key }
        for (number, row) in rows {
            let used = row.map(\.rect.width).reduce(0, +) + (row.count - 1) * 2 * padding
            let isWidow = number == rows.count - 1 && expected.boxes.last.map { box in
                abs(box.width + box.left - Double(breadth - margin - padding)) > 1e-6
            } ?? false
            #expect(isWidow ? used <= content : used == content, "seed \(seed), row \(number)")
            #expect(row.allSatisfy { $0.rect.width >= 1 && $0.rect.height == row[0].rect.height })
        }
        let maxRows = random.int(in: 1...5)
        var limited = reference
        limited.maxNumRows = maxRows
        let limitedArrangement = try JustifiedArrangement(
            configuration: configuration, rowHeight: rowHeight, tolerance: tolerance, widows: widows, maxRows: maxRows)
        #expect(try limitedArrangement.placeable(sources, sectionStarts: []) == limited.layout(ratios).boxes.count, "seed \(seed)")
    }

    /// `tiles(meeting:)` finds what a scan of every tile finds, for random rects.
    @Test(arguments: 0..<40 as Range<UInt64>)
    func rectQueryMatchesAScan(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &+ 4242)
        let sources = (0..<random.int(in: 1...80)).map { _ in Size(width: random.int(in: 50...900), height: random.int(in: 50...900)) }
        let configuration = try LayoutConfiguration(
            breadth: random.int(in: 300...1500), padding: random.int(in: 0...6), margin: random.int(in: 0...9),
            labelHeight: random.int(in: 0...1) * 12)
        let layout = try JustifiedLayout(
            arrangement: JustifiedArrangement(configuration: configuration, rowHeight: random.int(in: 60...300)), sources: sources)
        RectQueryScan.check(layout, random: &random, seed: seed)
    }
}
