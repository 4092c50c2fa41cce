import Foundation
import Testing
import TestSupport
import Text

/// Captions compared byte for byte with coverage our code rendered once and a person
/// checked by eye (scripts/make-caption-goldens.sh writes them again).
///
/// A golden pins the whole path: FreeType's rasteriser, the unhinted advances, the pen's
/// rounding and the cut. A newer FreeType that rasterises differently fails here first.
@Suite("Caption goldens")
struct CaptionGoldenTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let file: String
        let text: String
        let pixelSize: Int
        let boxWidth: Int
        var testDescription: String { file }
    }

    static let cases = [
        Case(file: "holiday-2024-14px.pgm", text: "Holiday 2024.jpg", pixelSize: 14, boxWidth: 120),
        Case(file: "long-name-cut-13px.pgm", text: "IMG_20240817_Zürich_Seebad_Enge.jpg", pixelSize: 13, boxWidth: 110),
    ]

    @Test("coverage matches the golden exactly", arguments: cases)
    func golden(_ golden: Case) throws {
        let caption = try Caption(golden.text, font: try Font(path: Fixture.path("fonts/DejaVuSans.ttf")), pixelSize: golden.pixelSize, boxWidth: golden.boxWidth)
        let header = "P5\n\(caption.width) \(caption.height)\n255\n"
        let bytes = Data(header.utf8) + Data(caption.coverage)
        let url = Fixture.url("captions/" + golden.file)
        if ProcessInfo.processInfo.environment["PINBOARD_WRITE_CAPTION_GOLDENS"] == "1" {
            try bytes.write(to: url)
        }
        #expect(try Data(contentsOf: url) == bytes, "\(golden.file): drawn \(caption.text.debugDescription)")
    }
}
