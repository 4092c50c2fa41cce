import ImageInput
@testable import Pinboard
import Testing

/// `--label` templates: every field, text around them, and every way a template is refused.
@Suite("Label templates")
struct LabelTemplateTests {
    /// A 4000×3000 JPEG turned on its side (so upright 3000×4000), taken 2024-06-17 14:03:09
    /// +02:00, of 2,345,678 bytes, in `trips/rome/`.
    static let source = PlannedSource(
        path: "trips/rome/IMG_0042.jpeg",
        format: .image(ImageInfo(format: "JPEG", width: 4000, height: 3000, orientation: .rotate90Clockwise, hasAlpha: false,
                                 taken: CaptureTime(exif: "2024:06:17 14:03:09", offset: "+02:00"))),
        file: .init(size: 2_345_678, modified: CaptureTime(secondsSinceEpoch: 0)))

    @Test("Each field, and fields mixed with text", arguments: [
        ("{stem}", "IMG_0042"), ("{name}", "IMG_0042.jpeg"), ("{width}×{height}", "3000×4000"),
        ("{taken:%Y-%m-%d %H:%M}", "2024-06-17 14:03"), ("{taken:%y%m%d-%H%M%S %%}", "240617-140309 %"), ("{taken}", "2024-06-17 14:03"),
        ("{folder}", "rome"), ("{size}", "2.3 MB"), ("{{{stem}}} in {folder}, {size}", "{IMG_0042} in rome, 2.3 MB"),
    ])
    func fields(template: String, caption: String) throws {
        #expect(try LabelMode(parsing: template).caption(for: Self.source) == caption)
    }

    @Test("A file without EXIF is labelled with its modification time; a file at the top has folder '.'")
    func fallbacks() throws {
        let source = PlannedSource(
            path: "plain.png", format: .image(ImageInfo(format: "PNG", width: 1, height: 1, hasAlpha: false)),
            file: .init(size: 999, modified: CaptureTime(secondsSinceEpoch: 1_718_611_389)))
        #expect(try LabelMode(parsing: "{folder}/{name} {taken:%Y-%m-%d %H:%M:%S} {size}").caption(for: source)
            == "./plain.png 2024-06-17 08:03:09 999 B")
    }

    @Test("Sizes in powers of 1000", arguments: [(0, "0 B"), (999, "999 B"), (1000, "1.0 kB"), (1549, "1.5 kB"), (9_949, "9.9 kB"), (9_950, "10 kB"), (999_500, "1.0 MB"),
                                                  (999_499, "999 kB"), (12_345_678_901, "12 GB")])
    func sizes(bytes: Int, text: String) {
        #expect(LabelTemplate.byteCount(bytes) == text)
    }

    @Test("The fixed words stay modes")
    func words() throws {
        #expect(try LabelMode(parsing: "name") == .name)
        #expect(try LabelMode(parsing: "stem") == .stem)
        #expect(try LabelMode(parsing: "none") == .none)
    }

    @Test("Unparsable templates are refused with the piece at fault", arguments: [
        ("{taken:%Q}", LabelTemplate.ParseError.unknownDateConversion("%Q")), ("{taken:%}", .unknownDateConversion("%")),
        ("{stem", .unbalancedBrace(at: 0)), ("a}b", .unbalancedBrace(at: 1)), ("{a{b}", .unbalancedBrace(at: 0)),
        ("{colour}", .unknownField("colour")), ("{name:x}", .unknownField("name:x")), ("nmae", .noField), ("", .noField),
    ])
    func refused(template: String, error: LabelTemplate.ParseError) {
        #expect(throws: error) { try LabelMode(parsing: template) }
    }
}
