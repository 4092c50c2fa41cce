import Geometry
import Layout
import Testing

/// Sources the engine refuses, and the huge ones it must take without trapping.
@Suite struct SourceErrorTests {
    @Test(arguments: [Size(width: 0, height: 10), Size(width: 10, height: 0), Size(width: 0, height: 0), Size(width: -4, height: 10)])
    func emptySourceIsNamedByIndex(bad: Size) throws {
        let sources = [Size(width: 10, height: 10), Size(width: 20, height: 5), bad, Size(width: 0, height: 0)]
        #expect(throws: LayoutError.invalidSource(index: 2, size: bad)) {
            try MasonryLayout(configuration: LayoutConfiguration(), sources: sources)
        }
    }

    /// A PNG may be 2³¹ − 1 px on a side; such sources lay out exactly, in both directions.
    @Test(arguments: Direction.allCases)
    func largestSourcesLayOut(direction: Direction) throws {
        let side = Int(Int32.max)
        let long = direction == .vertical ? Size(width: 1, height: side) : Size(width: side, height: 1)
        let thin = direction == .vertical ? Size(width: side, height: 1) : Size(width: 1, height: side)
        let configuration = try LayoutConfiguration(direction: direction, breadth: 1200, lanes: 1, padding: 6)
        let layout = try MasonryLayout(configuration: configuration, sources: [long, thin, long])
        // The tile is 1188 across, so the long source is 1188 · (2³¹ − 1) along, the thin one 1.
        let lengths = layout.tiles.map { direction == .vertical ? $0.rect.height : $0.rect.width }
        #expect(lengths == [1188 * side, 1, 1188 * side])
        let sheetLength = direction == .vertical ? layout.sheet.height : layout.sheet.width
        #expect(sheetLength == 2 * 1188 * side + 1 + 3 * 12)
    }

    @Test func tileLongerThanAnIntIsRefused() throws {
        let huge = Size(width: 1, height: Int.max / 1000)
        #expect(throws: LayoutError.sheetTooLong(index: 1, size: huge, direction: .vertical)) {
            try MasonryLayout(configuration: LayoutConfiguration(lanes: 1), sources: [Size(width: 1, height: 1), huge])
        }
    }

    @Test(arguments: Placement.allCases)
    func laneLongerThanAnIntIsRefused(placement: Placement) throws {
        // Each tile is 2⁴⁵ · 2¹⁶ = 2⁶¹ px long: three fit in one lane, a fourth makes 2⁶³.
        let wide = Size(width: 1 << 45, height: 1)
        let arrangement = try MasonryArrangement(
            direction: .horizontal, breadth: 1 << 16, lanes: 1, padding: 0, margin: 0, placement: placement)
        let layout = try MasonryLayout(arrangement: arrangement, sources: [wide, wide, wide])
        #expect(layout.sheet.width == 3 << 61)
        #expect(throws: LayoutError.sheetTooLong(index: 3, size: wide, direction: .horizontal)) {
            try MasonryLayout(arrangement: arrangement, sources: [wide, wide, wide, wide])
        }
    }

    @Test func closingMarginMustFitToo() throws {
        // One lane 1 px across; a 1×(Int.max − 6) source is Int.max − 6 long, and with a margin of 3
        // on both ends the sheet is exactly Int.max long. A margin of 4 would pass it.
        let source = Size(width: 1, height: Int.max - 6)
        let fits = try LayoutConfiguration(breadth: 7, lanes: 1, padding: 0, margin: 3)
        #expect(try MasonryLayout(configuration: fits, sources: [source]).sheet.height == Int.max)
        let tooMuch = try LayoutConfiguration(breadth: 9, lanes: 1, padding: 0, margin: 4)
        #expect(throws: LayoutError.sheetTooLong(index: 0, size: source, direction: .vertical)) {
            try MasonryLayout(configuration: tooMuch, sources: [source])
        }
    }
}
