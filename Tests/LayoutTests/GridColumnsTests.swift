import Geometry
import Layout
import Testing

/// A grid's cell width counts as a column of the cell and its padding, so it meets the
/// column count and the width as a column width does.
@Suite("Grid columns from a cell width")
struct GridColumnsTests {
    static func layout(_ mode: LayoutMode, breadth: Int? = nil, lanes: Int? = nil, count: Int = 7) throws -> any SheetLayout {
        let configuration = try mode.configuration(breadth: breadth, lanes: lanes, padding: 6)
        return try mode.arrangement(configuration).layOut(Array(repeating: Size(width: 10, height: 10), count: count), sectionStarts: [])
    }

    /// `-c 3 --cell-width 37`: three columns of 37 + 12, so a sheet 147 wide, not one row of
    /// the default 1,200 px.
    @Test func cellWidthWithColumns() throws {
        let layout = try Self.layout(.grid(GridSettings(cellWidth: 37)), lanes: 3)
        #expect(layout.sheet.width == 147)
        #expect(layout.configuration.lanes == 3)
        #expect(Set(layout.tiles.map(\.lane)) == [0, 1, 2])
        #expect(layout.tiles.map(\.rect.x).prefix(3) == [6, 55, 104])
        #expect(layout.mode == .grid(GridSettings(cellWidth: 37, cellHeight: 37)))
    }

    /// With a width, as many columns as fit: ⌊1200 / 49⌋ = 24, as before.
    @Test func cellWidthWithWidth() throws {
        let layout = try Self.layout(.grid(GridSettings(cellWidth: 37)), breadth: 1200, count: 30)
        #expect(layout.configuration.lanes == 24)
        #expect(layout.tiles[23].lane == 23 && layout.tiles[24].lane == 0)
    }

    @Test func allThreeConflict() {
        #expect(throws: LayoutError.conflictingSizeSettings(breadth: 500, lanes: 3, laneBreadth: 49, direction: .vertical)) {
            try Self.layout(.grid(GridSettings(cellWidth: 37)), breadth: 500, lanes: 3)
        }
    }

    @Test func cellWidthWithColumnWidth() {
        #expect(throws: LayoutError.cellWidthWithLaneBreadth(cellWidth: 37, laneBreadth: 60)) {
            try LayoutMode.grid(GridSettings(cellWidth: 37)).configuration(laneBreadth: 60)
        }
    }

    @Test("Every mode's arrangement says its mode", arguments: LayoutMode.Name.allCases)
    func modeRoundTrips(name: LayoutMode.Name) throws {
        let mode = LayoutMode(name)
        let arrangement = try mode.arrangement(mode.configuration(breadth: 600, lanes: 3))
        #expect(arrangement.mode.name == name)
        #expect(try arrangement.layOut([Size(width: 4, height: 3)], sectionStarts: []).mode.name == name)
    }
}
