import Geometry
import Layout
import Pinboard
import Raster
import Testing

/// Translucent sources composited with "over": alpha 128 and 200 within ±1 of the exact arithmetic,
/// alpha 0 leaving the background exactly as it was, on opaque and non-opaque backgrounds.
@Suite("Translucent tiles")
struct AlphaTileTests {
    static let backgrounds: [Color] = [
        .white, .black, Color(red: 0x33, green: 0x66, blue: 0x99),
        .transparent, Color(red: 0x10, green: 0x20, blue: 0x30, alpha: 0x80),
    ]

    /// "Over" in real numbers with straight alpha: `α = a + A(1 − a)`, `c = (C·a + B·A(1 − a)) / α`.
    /// Over an opaque background that is `C·a + B(1 − a)`; over a transparent one, the source
    /// itself, so the `transparent` case checks that an RGBA sheet keeps the source's RGBA.
    static func over(_ source: Color, _ background: Color) -> [Double] {
        let a = Double(source.alpha) / 255
        let b = Double(background.alpha) / 255
        let alpha = a + b * (1 - a)
        func channel(_ top: UInt8, _ bottom: UInt8) -> Double {
            (Double(top) * a + Double(bottom) * b * (1 - a)) / alpha
        }
        return [
            channel(source.red, background.red), channel(source.green, background.green),
            channel(source.blue, background.blue), alpha * 255,
        ]
    }

    static func isWithinOne(_ actual: Color, of exact: [Double]) -> Bool {
        zip([actual.red, actual.green, actual.blue, actual.alpha], exact).allSatisfy { abs(Double($0) - $1.rounded()) <= 1 }
    }

    @Test("Alpha 128 and 200 are within ±1 of over, alpha 0 leaves the background, opaque tiles stay exact",
          arguments: backgrounds, ResampleFilter.allCases)
    func over(background: Color, filter: ResampleFilter) throws {
        let fixtures = [
            SolidFixture.half, SolidFixture.opaque[0], SolidFixture.clear, SolidFixture.strong, SolidFixture.opaque[2],
        ]
        let options = SheetOptions(
            breadth: 150, lanes: 3, padding: 2, margin: 4, background: background, filter: filter, jobs: 2)
        let sheet = try SheetComposer.compose(inputs: fixtures.map(\.path), options: options)

        #expect(sheet.format == (background.isOpaque ? .rgb : .rgba))
        #expect(sheet.manifest.background == background)
        #expect(sheet.manifest.items.map(\.source) == fixtures.map(\.path))
        var expectation = SheetExpectation(width: sheet.width, height: sheet.height, background: background)
        for (item, fixture) in zip(sheet.manifest.items, fixtures) {
            switch fixture.color.alpha {
            case 255:
                expectation.expect(item.rect, named: fixture.name, toBe: fixture.color)
            case 0:
                // Nothing is drawn, so not even a transparent background's colour may change.
                expectation.expect(item.rect, named: fixture.name, toBe: background)
            default:
                let exact = Self.over(fixture.color, background)
                expectation.expect(item.rect, named: fixture.name, expected: "within ±1 of \(exact)") {
                    Self.isWithinOne($0, of: exact)
                }
            }
        }
        let problems = expectation.mismatches { x, y in sheet.color(x: x, y: y) }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
