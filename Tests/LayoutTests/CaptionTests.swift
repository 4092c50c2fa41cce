import Geometry
import Layout
import Testing

/// The title band at the top and the caption line under every tile.
@Suite struct CaptionTests {
    /// W = 100, C = 3, p = 2, m = 5, title 20, labels 8: tiles 26 wide at x = 7, 37, 67.
    /// The title is (5, 5) 90×20; the lanes start at 5 + 20 = 25. A cell is the image and its
    /// caption, so a lane grows by h + 8 + 4.
    ///  0: 4×3, h 20, ends 25 25 25 → lane 0 → (7, 27) 26×20, label (7, 47) 26×8, ends 57 25 25
    ///  1: 1×2, h 52 → lane 1 → (37, 27) 26×52, label (37, 79) 26×8, ends 57 89 25
    ///  2: 2×1, h 13 → lane 2 → (67, 27) 26×13, label (67, 40) 26×8, ends 57 89 50
    ///  3: 1×1, h 26 → lane 2 → (67, 52) 26×26, label (67, 78) 26×8, ends 57 89 88
    /// Sheet: 100 × (89 + 5) = 100×94.
    @Test func titleAndLabels() throws {
        let layout = try MasonryLayout(
            configuration: LayoutConfiguration(breadth: 100, lanes: 3, padding: 2, margin: 5, titleHeight: 20, labelHeight: 8),
            sources: [Size(width: 4, height: 3), Size(width: 1, height: 2), Size(width: 2, height: 1), Size(width: 1, height: 1)])
        #expect(layout.titleRect == Rect(x: 5, y: 5, width: 90, height: 20))
        #expect(layout.tiles == [
            Tile(index: 0, rect: Rect(x: 7, y: 27, width: 26, height: 20), lane: 0, labelRect: Rect(x: 7, y: 47, width: 26, height: 8)),
            Tile(index: 1, rect: Rect(x: 37, y: 27, width: 26, height: 52), lane: 1, labelRect: Rect(x: 37, y: 79, width: 26, height: 8)),
            Tile(index: 2, rect: Rect(x: 67, y: 27, width: 26, height: 13), lane: 2, labelRect: Rect(x: 67, y: 40, width: 26, height: 8)),
            Tile(index: 3, rect: Rect(x: 67, y: 52, width: 26, height: 26), lane: 2, labelRect: Rect(x: 67, y: 78, width: 26, height: 8)),
        ])
        #expect(layout.sheet == Size(width: 100, height: 94))
        // A band through tile 0's caption only (rows 47 ..< 55), and one through the title only.
        #expect(layout.tiles(meeting: Rect(x: 0, y: 50, width: 36, height: 2)).map(\.index) == [0])
        #expect(layout.tiles(meeting: Rect(x: 0, y: 5, width: 100, height: 20)).isEmpty)
    }

    /// No sources: the sheet is the title and the two margins, 5 + 20 + 5.
    @Test func titleAlone() throws {
        let layout = try MasonryLayout(
            configuration: LayoutConfiguration(breadth: 100, lanes: 3, padding: 2, margin: 5, titleHeight: 20), sources: [])
        #expect(layout.sheet == Size(width: 100, height: 30))
        #expect(layout.titleRect == Rect(x: 5, y: 5, width: 90, height: 20))
    }

    @Test func noTitleNoLabels() throws {
        let layout = try MasonryLayout(configuration: LayoutConfiguration(), sources: [Size(width: 1, height: 1)])
        #expect(layout.titleRect == nil)
        #expect(layout.tiles[0].labelRect == nil)
    }

    @Test(arguments: [(LayoutSetting.titleHeight, 12), (.labelHeight, 1)])
    func horizontalRefuses(setting: LayoutSetting, value: Int) {
        #expect(throws: LayoutError.verticalOnly(setting, value: value)) {
            try LayoutConfiguration(
                direction: .horizontal,
                titleHeight: setting == .titleHeight ? value : 0, labelHeight: setting == .labelHeight ? value : 0)
        }
    }

    @Test(arguments: [(LayoutSetting.titleHeight, -1), (.labelHeight, -5), (.labelHeight, LayoutConfiguration.largestSetting + 1)])
    func outOfRange(setting: LayoutSetting, value: Int) {
        #expect(throws: LayoutError.settingOutOfRange(
            setting, value: value, allowed: 0...LayoutConfiguration.largestSetting, direction: .vertical)) {
            try LayoutConfiguration(
                titleHeight: setting == .titleHeight ? value : 0, labelHeight: setting == .labelHeight ? value : 0)
        }
    }
}
