import Geometry
import Layout
import PNGCodec
import Pinboard
import Raster
import Testing

/// A sheet of one-colour sources, checked against nothing but its manifest: every pixel in a
/// tile's rect is its source's colour exactly, whatever the filter and however the tile was
/// scaled, and every other pixel is the background exactly.
@Suite("Solid-colour tiles")
struct SolidTileTests {
    /// Layouts that enlarge and reduce, with and without gutters and margins, in both directions.
    struct LayoutCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let direction: Direction
        var breadth: Int?
        var lanes: Int?
        var laneBreadth: Int?
        let padding: Int
        let margin: Int
        var placement = Placement.shortest
        let background: Color

        func options(filter: ResampleFilter) -> SheetOptions {
            var options = SheetOptions(
                breadth: breadth, lanes: lanes, laneBreadth: laneBreadth, padding: padding, margin: margin,
                background: background, filter: filter, jobs: 2)
            options.direction = direction
            options.layout = .masonry(MasonrySettings(placement: placement))
            return options
        }
    }

    static let layouts: [LayoutCase] = [
        LayoutCase(testDescription: "vertical, width 200 in 3 columns, padding 4",
                   direction: .vertical, breadth: 200, lanes: 3, padding: 4, margin: 0, background: .white),
        LayoutCase(testDescription: "vertical, 2 columns of 75, margin 7, no padding, round-robin, black",
                   direction: .vertical, lanes: 2, laneBreadth: 75, padding: 0, margin: 7, placement: .roundRobin,
                   background: .black),
        LayoutCase(testDescription: "vertical, width 97 in 5 uneven columns, padding 1, margin 3",
                   direction: .vertical, breadth: 97, lanes: 5, padding: 1, margin: 3,
                   background: Color(red: 0x33, green: 0x66, blue: 0x99)),
        LayoutCase(testDescription: "horizontal, height 120 in 2 rows, padding 3, margin 2",
                   direction: .horizontal, breadth: 120, lanes: 2, padding: 3, margin: 2,
                   background: Color(red: 0x10, green: 0x20, blue: 0x30)),
        LayoutCase(testDescription: "horizontal, 3 rows of 23, tiles touching",
                   direction: .horizontal, lanes: 3, laneBreadth: 23, padding: 0, margin: 0,
                   background: Color(red: 0xfe, green: 0xdc, blue: 0xba)),
    ]

    @Test("The fixtures hold the colours the tests expect", arguments: SolidFixture.all)
    func fixture(_ fixture: SolidFixture) throws {
        let image = try PNGDecoder.decode(path: fixture.path)
        #expect(image.width == fixture.width && image.height == fixture.height)
        let color = fixture.color
        let pixel: [UInt8] = [color.red, color.green, color.blue, color.alpha]
        #expect(image.pixels == Array([[UInt8]](repeating: pixel, count: fixture.width * fixture.height).joined()))
    }

    @Test("Every tile is its source's colour and everything else the background",
          arguments: layouts, ResampleFilter.allCases)
    func exact(layout: LayoutCase, filter: ResampleFilter) throws {
        let fixtures = SolidFixture.opaque
        let options = layout.options(filter: filter)
        let sheet = try SheetComposer.compose(inputs: fixtures.map(\.path), options: options)

        #expect(sheet.format == .rgb)
        #expect(sheet.manifest.skipped.isEmpty)
        #expect(sheet.manifest.items.map(\.source) == fixtures.map(\.path))
        #expect(sheet.width == sheet.manifest.width && sheet.height == sheet.manifest.height)
        #expect(sheet.pixels.count == sheet.width * sheet.height * 3)
        var expectation = SheetExpectation(width: sheet.width, height: sheet.height, background: layout.background)
        for (item, fixture) in zip(sheet.manifest.items, fixtures) {
            expectation.expect(item.rect, named: fixture.name, toBe: fixture.color)
        }
        let problems = expectation.mismatches { x, y in sheet.color(x: x, y: y) }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
