import Raster
import TestSupport

/// The one-colour PNGs in `Fixtures/solid/`, made by `scripts/make-solid-fixtures.py`,
/// with the colour every pixel of each holds.
struct SolidFixture: Sendable, CustomStringConvertible {
    let name: String
    let width: Int
    let height: Int
    let color: Color

    var path: String { Fixture.path("solid/" + name) }
    var description: String { name }

    /// Opaque, in every PNG kind the script writes: RGB, grey and palette.
    static let opaque: [SolidFixture] = [
        SolidFixture(name: "red-40x30.png", width: 40, height: 30, color: Color(red: 220, green: 30, blue: 40)),
        SolidFixture(name: "green-18x60.png", width: 18, height: 60, color: Color(red: 20, green: 160, blue: 60)),
        SolidFixture(name: "blue-64x16.png", width: 64, height: 16, color: Color(red: 30, green: 60, blue: 200)),
        SolidFixture(name: "yellow-25x25.png", width: 25, height: 25, color: Color(red: 240, green: 200, blue: 20)),
        SolidFixture(name: "grey-30x20.png", width: 30, height: 20, color: Color(red: 90, green: 90, blue: 90)),
        SolidFixture(name: "purple-7x9.png", width: 7, height: 9, color: Color(red: 120, green: 40, blue: 150)),
    ]

    /// Alpha 128 everywhere.
    static let half = SolidFixture(
        name: "orange-half-24x36.png", width: 24, height: 36, color: Color(red: 250, green: 130, blue: 20, alpha: 128))
    /// Alpha 200 everywhere: unlike 128, covered and uncovered parts differ clearly.
    static let strong = SolidFixture(
        name: "teal-strong-30x18.png", width: 30, height: 18, color: Color(red: 10, green: 150, blue: 140, alpha: 200))
    /// Alpha 0 everywhere, over a colour that must never show.
    static let clear = SolidFixture(
        name: "pink-clear-20x20.png", width: 20, height: 20, color: Color(red: 200, green: 0, blue: 100, alpha: 0))

    static let all = opaque + [half, strong, clear]
}
