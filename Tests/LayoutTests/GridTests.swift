import Geometry
import Layout
import TestSupport
import Testing

/// Uniform grids: cells worked out by hand for odd images and sizes, and rect queries
/// against a scan.
@Suite struct GridTests {
    /// Width 100, 3 columns, p = 2, m = 5: the content is 90, a lane 30, a cell 26×26 at
    /// x = 7, 37, 67, rows 30 apart.
    static func grid(_ sources: [Size], fit: GridFit, cellWidth: Int? = nil, cellHeight: Int? = nil) throws -> GridLayout {
        let configuration = try LayoutConfiguration(breadth: 100, lanes: 3, padding: 2, margin: 5)
        return try GridLayout(
            arrangement: GridArrangement(configuration: configuration, cellWidth: cellWidth, cellHeight: cellHeight, fit: fit),
            sources: sources)
    }

    static let odd = [
        Size(width: 1, height: 1),  // a square: the whole cell either way
        Size(width: 4000, height: 100),  // a panorama: 26 × 26·100/4000 = 0.65, half up 1; row 7 + ⌊25/2⌋
        Size(width: 30, height: 1000),  // a tall strip: 26·30/1000 = 0.78, 1 wide; column 67 + 12
        Size(width: 3, height: 2),  // 26·2/3 = 17.33 → 17 high, (26 − 17)/2 = 4 down
    ]

    @Test func containCentresEachImage() throws {
        let layout = try Self.grid(Self.odd, fit: .contain)
        #expect(layout.cells == [
            Rect(x: 7, y: 7, width: 26, height: 26), Rect(x: 37, y: 7, width: 26, height: 26),
            Rect(x: 67, y: 7, width: 26, height: 26), Rect(x: 7, y: 37, width: 26, height: 26),
        ])
        #expect(layout.tiles.map(\.rect) == [
            Rect(x: 7, y: 7, width: 26, height: 26), Rect(x: 37, y: 19, width: 26, height: 1),
            Rect(x: 79, y: 7, width: 1, height: 26), Rect(x: 7, y: 41, width: 26, height: 17),
        ])
        #expect(layout.tiles.map(\.lane) == [0, 1, 2, 0])
        #expect(layout.sheet == Size(width: 100, height: 5 + 60 + 5))
    }

    @Test func fillIsTheCell() throws {
        let layout = try Self.grid(Self.odd, fit: .fill)
        #expect(layout.tiles.map(\.rect) == layout.cells)
    }

    /// Cover: the tile is the cell; the source is scaled until both sides reach the cell's and
    /// cut centred. The panorama: 26 high binds, 26·4000/100 = 1040 wide, (1040 − 26)/2 = 507
    /// in; the strip: 26·1000/30 = 866.67 → 867 high, ⌊841/2⌋ = 420 down; 3×2: 26·3/2 = 39
    /// wide, ⌊13/2⌋ = 6 in; the square is the cell, cut by nothing.
    @Test func coverCutsTheScaledSourceCentred() throws {
        let layout = try Self.grid(Self.odd, fit: .cover)
        #expect(layout.tiles.map(\.rect) == layout.cells)
        #expect((0..<4).map { layout.crop(of: $0) } == [
            TileCrop(scaled: Size(width: 26, height: 26), x: 0, y: 0),
            TileCrop(scaled: Size(width: 1040, height: 26), x: 507, y: 0),
            TileCrop(scaled: Size(width: 26, height: 867), x: 0, y: 420),
            TileCrop(scaled: Size(width: 39, height: 26), x: 6, y: 0),
        ])
        #expect(layout.cell(of: 2) == Rect(x: 67, y: 7, width: 26, height: 26))
    }

    /// A source nearly of the cell's shape never rounds below the cell: 25×26 in a 26×26 cell
    /// scales to 26×27.04, half up 27, not 26×26 with a column missing.
    @Test func coverNeverFallsShortOfTheCell() throws {
        let layout = try Self.grid([Size(width: 25, height: 26), Size(width: 26, height: 25)], fit: .cover)
        #expect(layout.crop(of: 0) == TileCrop(scaled: Size(width: 26, height: 27), x: 0, y: 0))
        #expect(layout.crop(of: 1) == TileCrop(scaled: Size(width: 27, height: 26), x: 0, y: 0))
    }

    @Test func containAndFillCutNothing() throws {
        for fit in [GridFit.contain, .fill] {
            let layout = try Self.grid(Self.odd, fit: fit)
            #expect((0..<4).allSatisfy { layout.crop(of: $0) == nil })
        }
    }

    /// A cell of 20×9 given: ⌊90 / 24⌋ = 3 columns at x = 7, 31, 55; rows 13 apart.
    @Test func givenCellSize() throws {
        let layout = try Self.grid(Self.odd, fit: .contain, cellWidth: 20, cellHeight: 9)
        #expect(layout.arrangement.columns == 3)
        #expect(layout.cells.map(\.x) == [7, 31, 55, 7])
        #expect(layout.cells.map(\.y) == [7, 7, 7, 20])
        // 3×2 in 20×9: 9 binds, 9·3/2 = 13.5 → 14 wide, (20 − 14)/2 = 3 in.
        #expect(layout.tiles[3].rect == Rect(x: 10, y: 20, width: 14, height: 9))
    }

    @Test func sectionsStartNewRows() throws {
        let configuration = try LayoutConfiguration(breadth: 100, lanes: 3, padding: 2, margin: 5, sectionHeaderHeight: 10)
        let layout = try GridLayout(
            arrangement: GridArrangement(configuration: configuration, fit: .fill),
            sources: Array(repeating: Size(width: 1, height: 1), count: 4), sectionStarts: [0, 1])
        #expect(layout.sectionHeaders == [Rect(x: 5, y: 5, width: 90, height: 10), Rect(x: 5, y: 45, width: 90, height: 10)])
        #expect(layout.cells.map(\.y) == [17, 57, 57, 57])
    }

    @Test(arguments: 0..<40 as Range<UInt64>)
    func rectQueryMatchesAScan(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &+ 777)
        let sources = (0..<random.int(in: 1...60)).map { _ in Size(width: random.int(in: 1...900), height: random.int(in: 1...900)) }
        let configuration = try LayoutConfiguration(
            breadth: random.int(in: 300...1500), lanes: random.int(in: 1...7), padding: random.int(in: 0...6),
            margin: random.int(in: 0...9), labelHeight: random.int(in: 0...1) * 12)
        let layout = try GridLayout(
            arrangement: GridArrangement(configuration: configuration, fit: GridFit.allCases[random.int(in: 0...2)]), sources: sources)
        RectQueryScan.check(layout, random: &random, seed: seed)
    }
}
