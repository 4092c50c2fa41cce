@testable import PinboardCLI
import Raster
import Testing

@Suite("Background color")
struct ColorTests {
    typealias Color = Raster.Color

    @Test("Parses hex and transparent", arguments: [
        ("#fff", Color.white), ("fff", .white), ("#FFFFFF", .white), ("#ffffffff", .white),
        ("#f0a", Color(red: 255, green: 0, blue: 170, alpha: 255)),
        ("#102030", Color(red: 16, green: 32, blue: 48, alpha: 255)),
        ("#10203040", Color(red: 16, green: 32, blue: 48, alpha: 64)),
        ("aBcDeF", Color(red: 171, green: 205, blue: 239, alpha: 255)),
        ("transparent", .transparent), ("Transparent", .transparent),
    ])
    func parses(argument: String, color: Color) {
        #expect(Color(argument: argument) == color)
    }

    @Test("Rejects anything else", arguments: [
        "", "#", "#ff", "#ffff", "#fffff", "#fffffff", "#fffffffff", "#ggg", "red", "##fff", "+ff", " fff",
        "#１２３",
    ])
    func rejects(argument: String) {
        #expect(Color(argument: argument) == nil)
    }

    @Test("Shows as a spelling that parses back", arguments: [
        (Color.white, "#ffffff"), (.transparent, "transparent"),
        (Color(red: 1, green: 2, blue: 254, alpha: 255), "#0102fe"),
        (Color(red: 0, green: 0, blue: 0, alpha: 128), "#00000080"),
    ])
    func description(color: Color, spelling: String) {
        #expect(color.defaultValueDescription == spelling)
        #expect(Color(argument: spelling) == color)
    }
}
