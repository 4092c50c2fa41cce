import Foundation
import Geometry
import Layout
import Testing

/// Sections: the lanes levelled under a header band before each section's first source.
@Suite struct SectionTests {
    static func configuration(placement: Placement = .shortest, header: Int = 10, title: Int = 0) throws -> MasonryArrangement {
        try MasonryArrangement(
            breadth: 100, lanes: 3, padding: 2, margin: 5, placement: placement, titleHeight: title, sectionHeaderHeight: header)
    }

    static let starts = [0, 4, 7]

    /// The worked example's sources and lanes (tiles 26 wide at x = 7, 37, 67; heights 20 26 52
    /// 5 1 1 13 10 26) in three sections, headers 10 high. A tile at end y sits at y + 2 and
    /// moves the end to y + h + 4.
    ///  Section 0: Y = 5, header (5, 5) 90×10, lanes at 15.
    ///   0: ends 15 15 15 → lane 0 (7, 17) 26×20 → 39 15 15
    ///   1: lane 1 (37, 17) 26×26 → 39 45 15
    ///   2: lane 2 (67, 17) 26×52 → 39 45 71
    ///   3: lane 0 (7, 41) 26×5 → 48 45 71
    ///  Section 1: Y = max = 71, header (5, 71) 90×10, lanes at 81.
    ///   4: lane 0 (7, 83) 26×1 → 86 81 81
    ///   5: lane 1 (37, 83) 26×1 → 86 86 81
    ///   6: lane 2 (67, 83) 26×13 → 86 86 98
    ///  Section 2: Y = 98, header (5, 98) 90×10, lanes at 108.
    ///   7: lane 0 (7, 110) 26×10 → 122 108 108
    ///   8: lane 1 (37, 110) 26×26 → 122 138 108
    /// Sheet: 100 × (138 + 5) = 100×143.
    static let workedExample: [(lane: Int, rect: Rect)] = [
        (0, Rect(x: 7, y: 17, width: 26, height: 20)),
        (1, Rect(x: 37, y: 17, width: 26, height: 26)),
        (2, Rect(x: 67, y: 17, width: 26, height: 52)),
        (0, Rect(x: 7, y: 41, width: 26, height: 5)),
        (0, Rect(x: 7, y: 83, width: 26, height: 1)),
        (1, Rect(x: 37, y: 83, width: 26, height: 1)),
        (2, Rect(x: 67, y: 83, width: 26, height: 13)),
        (0, Rect(x: 7, y: 110, width: 26, height: 10)),
        (1, Rect(x: 37, y: 110, width: 26, height: 26)),
    ]

    static let workedHeaders = [
        Rect(x: 5, y: 5, width: 90, height: 10), Rect(x: 5, y: 71, width: 90, height: 10),
        Rect(x: 5, y: 98, width: 90, height: 10),
    ]

    /// Round-robin gives the same board: it restarts at lane 0 in each section, so source 4
    /// goes to lane 0 (not 4 mod 3 = 1) and source 7 to lane 0 (not 1).
    @Test("the worked example, by hand", arguments: [Placement.shortest, .roundRobin])
    func workedExample(placement: Placement) throws {
        let layout = try MasonryLayout(
            arrangement: Self.configuration(placement: placement), sources: HandComputedTests.workedExampleSources,
            sectionStarts: Self.starts)
        #expect(layout.tiles == Self.workedExample.enumerated().map { Tile(index: $0.offset, rect: $0.element.rect, lane: $0.element.lane) })
        #expect(layout.sectionHeaders == Self.workedHeaders)
        #expect(layout.sectionStarts == Self.starts)
        #expect(layout.sheet == Size(width: 100, height: 143))
    }

    /// Header height 0 still levels the lanes: section 0 at 5; 0 (7, 7), 1 (37, 7), 2 (67, 7)
    /// 26×52 → 61, 3 (7, 31); section 1 at 61: 4 (7, 63), 5 (37, 63), 6 (67, 63) 26×13 → 78;
    /// section 2 at 78: 7 (7, 80), 8 (37, 80) 26×26 → 108. Sheet 100×113.
    @Test func zeroHeightHeadersStillLevel() throws {
        let layout = try MasonryLayout(
            arrangement: Self.configuration(header: 0), sources: HandComputedTests.workedExampleSources,
            sectionStarts: Self.starts)
        #expect(layout.tiles.map(\.rect.y) == [7, 7, 7, 31, 63, 63, 63, 80, 80])
        #expect(layout.tiles.map(\.lane) == [0, 1, 2, 0, 0, 1, 2, 0, 1])
        #expect(layout.sectionHeaders == [5, 61, 78].map { Rect(x: 5, y: $0, width: 90, height: 0) })
        #expect(layout.sheet == Size(width: 100, height: 113))
        #expect(layout.sectionHeaders(meeting: Rect(x: 0, y: 0, width: 100, height: 113)).isEmpty)
    }

    /// With a title of 20 the first header is under it: (5, 25) 90×10, the first tiles at 37.
    @Test func firstHeaderIsBelowTheTitle() throws {
        let layout = try MasonryLayout(
            arrangement: Self.configuration(title: 20), sources: HandComputedTests.workedExampleSources,
            sectionStarts: Self.starts)
        #expect(layout.titleRect == Rect(x: 5, y: 5, width: 90, height: 20))
        #expect(layout.sectionHeaders[0] == Rect(x: 5, y: 25, width: 90, height: 10))
        #expect(layout.tiles[0].rect == Rect(x: 7, y: 37, width: 26, height: 20))
        #expect(Array(layout.sectionHeaders.dropFirst()) == Self.workedHeaders.dropFirst().map { Rect(x: 5, y: $0.y + 20, width: 90, height: 10) })
    }

    /// One section from 0 with no header height changes no tile; no sections is the old layout.
    @Test func oneZeroHeightSectionIsTheOldBoard() throws {
        let old = try MasonryLayout(arrangement: Self.configuration(header: 0), sources: HandComputedTests.workedExampleSources)
        let one = try MasonryLayout(
            arrangement: Self.configuration(header: 0), sources: HandComputedTests.workedExampleSources, sectionStarts: [0])
        #expect(one.tiles == old.tiles)
        #expect(one.sheet == old.sheet)
        #expect(old.sectionHeaders.isEmpty)
        // A header height without section starts keeps nothing either.
        let unused = try MasonryLayout(arrangement: Self.configuration(), sources: HandComputedTests.workedExampleSources)
        #expect(unused.tiles == old.tiles)
        #expect(unused.sheet == old.sheet)
    }

    @Test(arguments: [
        (Rect(x: 0, y: 0, width: 100, height: 5), 0..<0),  // the margin above the first header
        (Rect(x: 0, y: 0, width: 100, height: 6), 0..<1),  // its first row
        (Rect(x: 0, y: 15, width: 100, height: 56), 1..<1),  // between the first and the second
        (Rect(x: 0, y: 15, width: 100, height: 57), 1..<2),  // ... one row more reaches the second
        (Rect(x: 0, y: 80, width: 100, height: 19), 1..<3),  // the second's last row and the third's first
        (Rect(x: 0, y: 80, width: 5, height: 30), 1..<1),  // in the left margin
        (Rect(x: 94, y: 80, width: 1, height: 30), 1..<3),  // the last column inside the margin
        (Rect(x: 0, y: 0, width: 100, height: 0), 0..<0),  // no rows
        (Rect(x: -10, y: -10, width: Int.max, height: Int.max), 0..<3),
    ])
    func headersMeetingARect(query: Rect, expected: Range<Int>) throws {
        let layout = try MasonryLayout(
            arrangement: Self.configuration(), sources: HandComputedTests.workedExampleSources, sectionStarts: Self.starts)
        // An empty answer may sit anywhere; only the sections in it matter.
        #expect(Array(layout.sectionHeaders(meeting: query)) == Array(expected))
        // A band through a header alone finds no tile.
        #expect(layout.tiles(meeting: Rect(x: 0, y: 71, width: 100, height: 10)).isEmpty)
    }

    @Test(arguments: [
        ([1, 4], 9, LayoutError.firstSectionNotAtZero(start: 1)),
        ([0, 4, 4], 9, .sectionStartsNotIncreasing(section: 2, start: 4, previous: 4)),
        ([0, 5, 3], 9, .sectionStartsNotIncreasing(section: 2, start: 3, previous: 5)),
        ([0, 9], 9, .sectionStartOutOfRange(section: 1, start: 9, sources: 9)),
        ([0], 0, .sectionStartOutOfRange(section: 0, start: 0, sources: 0)),
        ([-1], 3, .firstSectionNotAtZero(start: -1)),
    ])
    func invalidStartsAreRefused(starts: [Int], count: Int, error: LayoutError) throws {
        let sources = Array(repeating: Size(width: 1, height: 1), count: count)
        #expect(throws: error) {
            try MasonryLayout(arrangement: Self.configuration(), sources: sources, sectionStarts: starts)
        }
    }

    @Test func headerHeightIsVerticalOnlyAndInRange() {
        #expect(throws: LayoutError.verticalOnly(.sectionHeaderHeight, value: 12)) {
            try LayoutConfiguration(direction: .horizontal, sectionHeaderHeight: 12)
        }
        #expect(throws: LayoutError.settingOutOfRange(
            .sectionHeaderHeight, value: -1, allowed: 0...LayoutConfiguration.largestSetting, direction: .vertical)) {
            try LayoutConfiguration(sectionHeaderHeight: -1)
        }
    }

    @Test(arguments: [
        (LayoutError.firstSectionNotAtZero(start: 2), "the first section must start at source 0, got 2"),
        (.sectionStartsNotIncreasing(section: 2, start: 4, previous: 4),
         "section 2 starts at source 4, not after section 1's start 4; section starts must increase"),
        (.sectionStartOutOfRange(section: 1, start: 9, sources: 9),
         "section 1 starts at source 9, but there are 9 sources; every section needs at least one"),
        (.sectionNameCountMismatch(names: 1, sections: 3), "1 section names were given for a layout of 3 sections"),
        (.verticalOnly(.sectionHeaderHeight, value: 12),
         "section header height 12 is only for vertical sheets; a horizontal sheet takes 0"),
    ])
    func messages(error: LayoutError, message: String) {
        #expect(error.description == message)
    }

    /// The first two sections of the worked example: sources 0–3 and 4, headers at 5 and 71.
    /// Even bottom crops only the last section: here section 1 (sources 4–6, lanes ending at
    /// 86 86 98), so sections before it keep every pixel.
    @Test func evenBottomCropsOnlyTheLastSection() throws {
        let layout = try MasonryLayout(
            arrangement: Self.configuration(), sources: Array(HandComputedTests.workedExampleSources.prefix(7)),
            sectionStarts: [0, 4])
        let even = try EvenBottom(layout, maxCropPercent: 50)
        #expect(even.crops[0..<4].allSatisfy { $0 == 0 })
        #expect(even.tiles[0..<4] == layout.tiles[0..<4])
        // Lane 2's 13-row tile may lose 6 of the 12 rows it is past the others: it ends at 92.
        #expect(even.crops[6] == 6)
        #expect(even.sheet == Size(width: 100, height: 97))
    }
}
