import Geometry
import Layout
import Testing

/// The size resolution the command line relies on, and the settings it refuses.
@Suite struct ConfigurationTests {
    struct Resolution: CustomTestStringConvertible, Sendable {
        let name: String
        let direction: Direction
        let breadth: Int?
        let lanes: Int?
        let laneBreadth: Int?
        let margin: Int?
        let expectedBreadth: Int
        let expectedLanes: Int

        var testDescription: String { name }
    }

    static let resolutions: [Resolution] = [
        Resolution(name: "all defaults", direction: .vertical, breadth: nil, lanes: nil, laneBreadth: nil, margin: nil,
                   expectedBreadth: 1200, expectedLanes: 3),
        Resolution(name: "horizontal defaults", direction: .horizontal, breadth: nil, lanes: nil, laneBreadth: nil, margin: nil,
                   expectedBreadth: 1200, expectedLanes: 3),
        Resolution(name: "width and columns", direction: .vertical, breadth: 800, lanes: 5, laneBreadth: nil, margin: nil,
                   expectedBreadth: 800, expectedLanes: 5),
        Resolution(name: "width alone", direction: .vertical, breadth: 900, lanes: nil, laneBreadth: nil, margin: nil,
                   expectedBreadth: 900, expectedLanes: 3),
        Resolution(name: "columns alone", direction: .vertical, breadth: nil, lanes: 6, laneBreadth: nil, margin: nil,
                   expectedBreadth: 1200, expectedLanes: 6),
        // W = 2·10 + 4·250
        Resolution(name: "column width with columns", direction: .vertical, breadth: nil, lanes: 4, laneBreadth: 250, margin: 10,
                   expectedBreadth: 1020, expectedLanes: 4),
        // H = 2·0 + 2·333
        Resolution(name: "row height with rows", direction: .horizontal, breadth: nil, lanes: 2, laneBreadth: 333, margin: nil,
                   expectedBreadth: 666, expectedLanes: 2),
        // C = ⌊(1000 − 2·10) / 250⌋ = ⌊3.92⌋
        Resolution(name: "column width with width", direction: .vertical, breadth: 1000, lanes: nil, laneBreadth: 250, margin: 10,
                   expectedBreadth: 1000, expectedLanes: 3),
        // C = ⌊1200 / 250⌋ with the default width
        Resolution(name: "column width alone", direction: .vertical, breadth: nil, lanes: nil, laneBreadth: 250, margin: nil,
                   expectedBreadth: 1200, expectedLanes: 4),
        // C = ⌊1200 / 300⌋ exactly
        Resolution(name: "column width dividing the width", direction: .vertical, breadth: nil, lanes: nil, laneBreadth: 300,
                   margin: nil, expectedBreadth: 1200, expectedLanes: 4),
        // ⌊(500 − 2·20) / 5000⌋ = 0, raised to 1
        Resolution(name: "column width wider than the sheet", direction: .vertical, breadth: 500, lanes: nil, laneBreadth: 5000,
                   margin: 20, expectedBreadth: 500, expectedLanes: 1),
    ]

    @Test(arguments: resolutions)
    func resolves(_ resolution: Resolution) throws {
        let configuration = try LayoutConfiguration(
            direction: resolution.direction, breadth: resolution.breadth, lanes: resolution.lanes,
            laneBreadth: resolution.laneBreadth, margin: resolution.margin ?? LayoutConfiguration.defaultMargin)
        #expect(configuration.direction == resolution.direction)
        #expect(configuration.breadth == resolution.expectedBreadth)
        #expect(configuration.lanes == resolution.expectedLanes)
        #expect(configuration.padding == 6)
        #expect(configuration.margin == (resolution.margin ?? 0))
    }

    @Test func keepsPaddingMarginAndPlacement() throws {
        let arrangement = try MasonryArrangement(padding: 0, margin: 9, placement: .roundRobin)
        #expect(arrangement.configuration.padding == 0)
        #expect(arrangement.configuration.margin == 9)
        #expect(arrangement.settings.placement == .roundRobin)
        #expect(arrangement.mode == .masonry(MasonrySettings(placement: .roundRobin)))
    }

    @Test func columnWidthWithColumnsGivesEveryLaneThatWidth() throws {
        let configuration = try LayoutConfiguration(lanes: 3, laneBreadth: 100, padding: 5, margin: 7)
        let layout = try MasonryLayout(configuration: configuration, sources: Array(repeating: Size(width: 1, height: 1), count: 3))
        #expect(layout.tiles.map(\.rect.x) == [12, 112, 212])
        #expect(layout.tiles.map(\.rect.width) == [90, 90, 90])
    }

    @Test func allThreeSizesConflict() {
        #expect(throws: LayoutError.conflictingSizeSettings(breadth: 1200, lanes: 3, laneBreadth: 400, direction: .vertical)) {
            try LayoutConfiguration(breadth: 1200, lanes: 3, laneBreadth: 400)
        }
    }

    /// W = 100, m = 5: 90 px for C lanes of ⌊90/C⌋, less 2·2 padding.
    @Test(arguments: [(19, 0), (30, -1), (90, -3), (91, -4)])
    func tooNarrow(lanes: Int, tileBreadth: Int) {
        #expect(throws: LayoutError.tooNarrow(
            breadth: 100, lanes: lanes, padding: 2, margin: 5, tileBreadth: tileBreadth, direction: .vertical)) {
            try LayoutConfiguration(breadth: 100, lanes: lanes, padding: 2, margin: 5)
        }
    }

    @Test func justWideEnough() throws {
        // ⌊90/18⌋ − 4 = 1
        let configuration = try LayoutConfiguration(breadth: 100, lanes: 18, padding: 2, margin: 5)
        let layout = try MasonryLayout(configuration: configuration, sources: [Size(width: 10, height: 10)])
        #expect(layout.tiles[0].rect == Rect(x: 7, y: 7, width: 1, height: 1))
    }

    @Test func marginsWiderThanTheSheet() {
        // max(1, ⌊(150 − 2·100) / 100⌋) = 1 lane of −50 px; less 2·6 padding, −62.
        #expect(throws: LayoutError.tooNarrow(breadth: 150, lanes: 1, padding: 6, margin: 100, tileBreadth: -62, direction: .horizontal)) {
            try LayoutConfiguration(direction: .horizontal, breadth: 150, laneBreadth: 100, margin: 100)
        }
    }

    static let limit = LayoutConfiguration.largestSetting

    @Test(arguments: [
        (LayoutSetting.breadth, 0), (.breadth, -3), (.breadth, limit + 1),
        (.lanes, 0), (.lanes, -1), (.lanes, limit + 1),
        (.padding, -1), (.padding, limit + 1),
        (.margin, -1), (.margin, Int.min),
    ])
    func settingOutOfRange(setting: LayoutSetting, value: Int) {
        var settings = [LayoutSetting.breadth: 1200, .lanes: 3, .padding: 6, .margin: 0]
        settings[setting] = value
        let minimum = setting == .breadth || setting == .lanes ? 1 : 0
        #expect(throws: LayoutError.settingOutOfRange(setting, value: value, allowed: minimum...Self.limit, direction: .vertical)) {
            try LayoutConfiguration(
                breadth: settings[.breadth, default: 0], lanes: settings[.lanes, default: 0],
                padding: settings[.padding, default: 0], margin: settings[.margin, default: 0])
        }
    }

    @Test(arguments: [0, -1, Int.min])
    func laneBreadthOutOfRange(laneBreadth: Int) {
        #expect(throws: LayoutError.settingOutOfRange(.laneBreadth, value: laneBreadth, allowed: 1...Self.limit, direction: .vertical)) {
            try LayoutConfiguration(lanes: 3, laneBreadth: laneBreadth)
        }
    }

    @Test func resolvedBreadthOverTheLimit() {
        // 2·0 + 2147483647·2 is beyond any sheet; refused without overflowing.
        #expect(throws: LayoutError.settingOutOfRange(.breadth, value: 2 * Self.limit, allowed: 1...Self.limit, direction: .vertical)) {
            try LayoutConfiguration(lanes: Self.limit, laneBreadth: 2, padding: 0)
        }
    }

    @Test func largestSettingsAreAccepted() throws {
        let configuration = try LayoutConfiguration(breadth: Self.limit, lanes: 1, padding: 0, margin: Self.limit / 2 - 1)
        #expect(configuration.breadth == Self.limit)
    }
}
