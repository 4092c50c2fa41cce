import Raster
import Testing

@Suite("Color")
struct ColorTests {
    @Test(
        "parses the accepted forms",
        arguments: [
            ("#fff", Color(red: 255, green: 255, blue: 255)),
            ("#F80", Color(red: 255, green: 136, blue: 0)),
            ("#000", Color(red: 0, green: 0, blue: 0)),
            ("#1a2b3c", Color(red: 0x1a, green: 0x2b, blue: 0x3c)),
            ("#1A2B3C", Color(red: 0x1a, green: 0x2b, blue: 0x3c)),
            ("#ffffffff", Color(red: 255, green: 255, blue: 255, alpha: 255)),
            ("#11223380", Color(red: 0x11, green: 0x22, blue: 0x33, alpha: 0x80)),
            ("#00000000", Color(red: 0, green: 0, blue: 0, alpha: 0)),
            ("transparent", Color.transparent),
            ("Transparent", Color.transparent),
            ("fff", Color(red: 255, green: 255, blue: 255)),
            ("1a2b3c80", Color(red: 0x1a, green: 0x2b, blue: 0x3c, alpha: 0x80)),
        ])
    func parses(text: String, expected: Color) throws {
        #expect(try Color(parsing: text) == expected)
    }

    @Test(
        "rejects other text, quoting it",
        arguments: ["", "#", "ff", "#ff", "#ffff", "#fffff", "#fffffff", "#fffffffff", "#ggg", "#12345z",
                    "white", " #fff", "#fff ", "##fff", "#+12345", "transparant", "#ffé"])
    func rejects(text: String) {
        #expect(throws: ColorParseError.malformed(text)) { try Color(parsing: text) }
        #expect(ColorParseError.malformed(text).description.contains("'\(text)'"))
    }

    @Test(
        "describes itself as lowercase #rrggbbaa",
        arguments: [
            (Color.white, "#ffffffff"),
            (Color.transparent, "#00000000"),
            (Color(red: 0xab, green: 0x0c, blue: 0xde, alpha: 0x7f), "#ab0cde7f"),
        ])
    func describes(color: Color, expected: String) throws {
        #expect(color.description == expected)
        #expect(try Color(parsing: expected) == color)
    }

    @Test("is opaque only at full alpha")
    func opacity() throws {
        #expect(try Color(parsing: "#123").isOpaque)
        #expect(try Color(parsing: "#123456ff").isOpaque)
        #expect(try !Color(parsing: "#123456fe").isOpaque)
        #expect(!Color.transparent.isOpaque)
    }
}
