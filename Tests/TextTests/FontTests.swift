import Foundation
import TestSupport
import Testing
import Text

@Suite("Font")
struct FontTests {
    @Test("metrics are sane: a line is taller than the size", arguments: [6, 8, 10, 12, 14, 20, 32, 48, 100])
    func metrics(size: Int) throws {
        let font = try Font(path: Fixture.path("fonts/DejaVuSans.ttf"))
        let metrics = try font.metrics(forPixelSize: size)
        #expect(metrics.ascent > 0 && metrics.descent > 0)
        #expect(metrics.ascent > metrics.descent)
        #expect(try font.lineHeight(forPixelSize: size) == metrics.lineHeight)
        #expect(metrics.lineHeight > size)
        // DejaVu Sans's ascender and descender add up to 1.164 em; rounding up adds at most 2 px.
        #expect(metrics.lineHeight <= Int((Double(size) * 1.164).rounded(.up)) + 2)
    }

    @Test("line heights of DejaVu Sans at common sizes", arguments: [(12, 15), (14, 17), (16, 19)])
    func pinnedLineHeights(size: Int, height: Int) throws {
        #expect(try Font(path: Fixture.path("fonts/DejaVuSans.ttf")).lineHeight(forPixelSize: size) == height)
    }

    @Test("a missing file or a file that is not a font is refused, naming it")
    func refusals() throws {
        // FreeType's FT_Err_Cannot_Open_Resource (1) for no file, FT_Err_Unknown_File_Format
        // (2) for a file that is there but no font: the second is checked to be there.
        let missing = Fixture.path("fonts/no-such-font.ttf")
        let error = #expect(throws: TextError.self) { try Font(path: missing) }
        switch error {
        case .cannotOpenFont(let path, let code, _)?: #expect(path == missing && code == 1)
        default: Issue.record("expected cannotOpenFont, got \(String(describing: error))")
        }
        #expect(error?.description.hasPrefix(missing + ": cannot open the font") == true)
        let license = Fixture.path("fonts/LICENSE")
        #expect(FileManager.default.fileExists(atPath: license))
        let notFont = #expect(throws: TextError.self) { try Font(path: license) }
        switch notFont {
        case .cannotOpenFont(let path, let code, _)?: #expect(path == license && code == 2)
        default: Issue.record("expected cannotOpenFont, got \(String(describing: notFont))")
        }
    }

    @Test("a size under 1 px is refused, naming the font")
    func badSize() throws {
        let font = try Font(path: Fixture.path("fonts/DejaVuSans.ttf"))
        #expect(throws: TextError.self) { try font.lineHeight(forPixelSize: 0) }
        #expect(throws: TextError.invalidSize(pixelSize: 0, boxWidth: 10)) {
            try Caption("a", font: font, pixelSize: 0, boxWidth: 10)
        }
        #expect(throws: TextError.invalidSize(pixelSize: 12, boxWidth: 0)) {
            try Caption("a", font: font, pixelSize: 12, boxWidth: 0)
        }
    }

    @Test("the default path is the first readable place in the documented order")
    func defaultPath() throws {
        let places = Font.searchPaths(home: "/home/someone")
        #expect(places.first == "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        #expect(places.suffix(2) == ["/home/someone/.local/share/fonts/DejaVuSans.ttf", "/home/someone/.fonts/DejaVuSans.ttf"])
        #expect(Font.searchPaths(home: nil).count == places.count - 2)
        let present = Font.searchPaths(home: ProcessInfo.processInfo.environment["HOME"])
            .first { FileManager.default.isReadableFile(atPath: $0) }
        #expect(Font.defaultPath == present)
        if let path = Font.defaultPath {
            #expect(try Font(path: path).lineHeight(forPixelSize: 14) > 14)
        }
    }
}
