import Differences
import Foundation
import FoundationXML
import Geometry
import ImageInput
import Layout
import PNGCodec
@testable import Pinboard
@testable import PinboardCompare
import PinboardIO
import Raster
import SheetManifest
import TestSupport
import Testing

/// The reports of a comparison: the model's entries and counts, the crops and diffs written
/// beside the HTML page, and JUnit XML that parses, whatever the files are called.
@Suite("Comparison reports")
struct ComparisonReportTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    static let hostile = "<img src=x onerror=alert(1)>.png"
    static let base = Array(SolidFixture.opaque.prefix(5))
    static let red = SolidFixture.opaque[0]
    static let recoloured = Color(red: 200, green: 90, blue: 40)

    /// Sheets A of the five base solids and B with red recoloured, green gone and purple
    /// added, both written as files.
    func sheets() throws -> (a: String, b: String) {
        let photosA = try folder.folder("a")
        let photosB = try folder.folder("b")
        for fixture in Self.base {
            try Fixture.copy("solid/" + fixture.name, to: photosA + "/" + fixture.name)
            if fixture.name != SolidFixture.opaque[1].name {
                try Fixture.copy("solid/" + fixture.name, to: photosB + "/" + fixture.name)
            }
        }
        try Fixture.copy("solid/" + SolidFixture.opaque[5].name, to: photosB + "/" + SolidFixture.opaque[5].name)
        try SolidPNG.write(photosB + "/" + Self.red.name, width: Self.red.width, height: Self.red.height, color: Self.recoloured)
        let options = SheetOptions(lanes: 3, laneBreadth: 48, padding: 2, margin: 4, jobs: 2)
        for (photos, sheet) in [(photosA, "a.png"), (photosB, "b.png")] {
            _ = try SheetComposer.write(try SheetPlanner.plan(inputs: [photos], options: options), to: folder.path + "/" + sheet)
        }
        return (folder.path + "/a.png", folder.path + "/b.png")
    }

    /// The pixels of `rect` in an image, straight RGBA rows.
    static func crop(_ image: ImageInput.RGBAImage, _ rect: Rect) -> [UInt8] {
        var pixels: [UInt8] = []
        for y in rect.y..<rect.maxY {
            let start = (y * image.width + rect.x) * 4
            pixels += image.pixels[start..<start + rect.width * 4]
        }
        return pixels
    }

    @Test("Entries: failures first (changed, only in A, only in B), then the unchanged; counts as the summary")
    func entries() throws {
        let (a, b) = try sheets()
        let report = try SheetComparer.compare(a, b).report
        #expect(report.entries.map(\.name) == [
            "red-40x30.png", "green-18x60.png", "purple-7x9.png", "blue-64x16.png", "grey-30x20.png", "yellow-25x25.png",
        ])
        #expect(report.entries.map(\.kind) == [.changed, .onlyInA, .onlyInB, .unchanged, .unchanged, .unchanged])
        #expect(report.entries.map(\.verdict) == [.fail, .fail, .fail, .pass, .pass, .pass])
        #expect(!report.passed)
        #expect(report.counts.map { "\($0.value) \($0.label)" } == [
            "3 unchanged", "1 changed", "0 resized", "0 rescaled", "1 only in A", "1 only in B",
        ])
        #expect(report.options.map { "\($0.label)=\($0.value)" } == ["mode=tiles", "threshold=0"])
        // Red's tile is 44×33: the lane's 48 less 2 of padding on each side.
        #expect(report.entries[0].numbers.map(\.value) == ["60", "1452 of 1452 (100.00%)", "18.13 dB"])
        #expect(report.entries[1].expected != nil && report.entries[1].actual == nil && report.entries[1].diff == nil)
        #expect(report.entries[2].expected == nil && report.entries[2].actual != nil)
    }

    @Test("The HTML report's crops are the tiles cut from each sheet, and its diff paints every changed pixel")
    func crops() throws {
        let (a, b) = try sheets()
        let comparison = try SheetComparer.compare(a, b)
        let reportFolder = folder.path + "/report"
        let page = try comparison.htmlReport(to: reportFolder)
        #expect(page == reportFolder + "/index.html")
        let changed = try #require(comparison.report.entries.first)
        let expected = try PNGDecoder.decode(path: reportFolder + "/" + #require(changed.expected).path)
        let actual = try PNGDecoder.decode(path: reportFolder + "/" + #require(changed.actual).path)
        let diff = try PNGDecoder.decode(path: reportFolder + "/" + #require(changed.diff).path)
        let change = try #require(comparison.changes.first)
        let tileA = Self.crop(try PNGDecoder.decode(path: a), try #require(change.a.rect))
        let tileB = Self.crop(try PNGDecoder.decode(path: b), try #require(change.b.rect))
        #expect(expected.pixels == tileA, "the expected crop is not A's tile")
        #expect(actual.pixels == tileB, "the actual crop is not B's tile")
        #expect(expected.width == change.a.size.width && actual.height == change.b.size.height)
        let paint = DiffPaint.changedColor
        let painted = stride(from: 0, to: diff.pixels.count, by: 4).filter { offset in
            Array(diff.pixels[offset..<offset + 4]) == [paint.red, paint.green, paint.blue, 255]
        }
        #expect(painted.count == diff.width * diff.height)

        let html = try String(contentsOfFile: page, encoding: .utf8)
        // The 44×33 tile shown 5 times larger, in whole pixels.
        #expect(html.contains("src=\"images/1-diff.png\" width=\"220\" height=\"165\" loading=\"lazy\""))
        #expect(!html.contains("http://") && !html.contains("https://"), "the page fetches nothing from the network")
    }

    @Test("Only the changed pixels of a crop are painted; the rest is B faded")
    func paintedDiff() {
        let a: [UInt8] = [10, 20, 30, 255, 100, 100, 100, 255]
        let b: [UInt8] = [10, 20, 30, 255, 100, 104, 100, 255]
        let paint = DiffPaint.changedColor
        let expected: [UInt8] = [194, 196, 199, 255, paint.red, paint.green, paint.blue, 255]
        #expect(ReportImageWriter.painted(a, b, width: 2, criteria: PixelCriteria(threshold: 3)) == expected)
        let faded: [UInt8] = [216, 217, 216]
        #expect(Array(ReportImageWriter.painted(a, b, width: 2, criteria: PixelCriteria(threshold: 4))[4...6]) == faded)
    }

    @Test("Plain images: an entry per region, its crops the box and 8 pixels around it; another size is one failing entry")
    func plainRegions() throws {
        let images = try SheetComparerTests()
        let spots = [(10, 10, Color.black), (11, 10, Color.black), (12, 11, Color.black)]
        let a = try images.plainImage("a.png")
        let b = try images.plainImage("b.png", pixels: spots)
        let comparison = try SheetComparer.compare(a, b)
        let report = comparison.report
        #expect(report.entries.map(\.name) == ["region 3x2+10+10"])
        #expect(report.counts.map { "\($0.value) \($0.label)" } == ["1 regions", "3 changed pixels", "8000 pixels"])
        let reportFolder = folder.path + "/report"
        try comparison.htmlReport(to: reportFolder)
        let diff = try PNGDecoder.decode(path: reportFolder + "/" + #require(report.entries[0].diff).path)
        #expect(diff.width == 3 + 2 * 8 && diff.height == 2 + 2 * 8)
        let paint = DiffPaint.changedColor
        let painted = stride(from: 0, to: diff.pixels.count, by: 4).filter { offset in
            Array(diff.pixels[offset..<offset + 3]) == [paint.red, paint.green, paint.blue]
        }
        #expect(painted.map { $0 / 4 } == [8 * diff.width + 8, 8 * diff.width + 9, 9 * diff.width + 10])

        let smaller = try images.plainImage("small.png", width: 50)
        let resized = try SheetComparer.compare(a, smaller).report
        #expect(resized.entries.map { "\($0.kind) \($0.verdict) \($0.summary)" } == ["resized fail 100×80 → 50×80"])
        withExtendedLifetime(images) {}
    }

    @Test("JUnit XML parses, with one test case per file and hostile names back as text")
    func junit() throws {
        let a = try folder.folder("left")
        let b = try folder.folder("right")
        for side in [a, b] {
            try Fixture.copy("solid/blue-64x16.png", to: side + "/" + Self.hostile)
            try Fixture.copy("solid/green-18x60.png", to: side + "/green.png")
        }
        try Fixture.copy("solid/red-40x30.png", to: a + "/red.png")
        try SolidPNG.write(b + "/red.png", width: 40, height: 30, color: Self.recoloured)
        try Fixture.copy("solid/grey-30x20.png", to: a + "/bell\u{7}&\"quote\".png")
        let comparison = try SheetComparer.compareFolders(a, b)

        let document = try XMLDocument(xmlString: comparison.junitReport)
        let suite = try #require(try document.nodes(forXPath: "/testsuites/testsuite").first as? XMLElement)
        #expect(suite.attribute(forName: "tests")?.stringValue == "4")
        #expect(suite.attribute(forName: "failures")?.stringValue == "2")
        let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        #expect(cases.compactMap { $0.attribute(forName: "name")?.stringValue }
            == ["red.png", "bell\u{FFFD}&\"quote\".png", Self.hostile, "green.png"])
        let failure = try #require(cases[0].elements(forName: "failure").first)
        #expect(failure.attribute(forName: "type")?.stringValue == "changed")
        #expect(failure.attribute(forName: "message")?.stringValue == "changed: max 60, 1200 of 1200 pixels (100.00%), PSNR 18.13 dB")
        #expect(cases[2].elements(forName: "failure").isEmpty)
        let properties = try document.nodes(forXPath: "//property").compactMap { $0 as? XMLElement }
        #expect(properties.compactMap { $0.attribute(forName: "name")?.stringValue } == ["A", "B", "mode", "threshold"])

        let reportFolder = folder.path + "/report"
        try comparison.htmlReport(to: reportFolder)
        let expected = try PNGDecoder.decode(path: reportFolder + "/images/1-expected.png")
        let source = try PNGDecoder.decode(path: a + "/red.png")
        #expect(expected.pixels == source.pixels, "the expected image is not the file of folder A")
        let html = try String(contentsOfFile: reportFolder + "/index.html", encoding: .utf8)
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;.png"))
        #expect(!html.contains(Self.hostile))
    }

    @Test("The README's report example, with its paths in a temporary folder")
    func readmeExample() throws {
        let (a, b) = try sheets()
        let junit = folder.path + "/diff.xml"
        let reportFolder = folder.path + "/diff-report"

        let comparison = try SheetComparer.compare(a, b)
        try comparison.writeJUnitReport(to: junit)
        if comparison.hasDifferences {
            let page = try comparison.htmlReport(to: reportFolder)
            Attachment.record(try Data(contentsOf: URL(fileURLWithPath: page)), named: "index.html")
        }
        #expect(try folder.names() == ["a", "a.png", "b", "b.png", "diff-report", "diff.xml"])
        #expect(try folder.names(in: "diff-report/images").count == 5)
    }

    @Test("Markup escapes the five special characters and replaces what XML forbids", arguments: [
        (hostile, "&lt;img src=x onerror=alert(1)&gt;.png"),
        ("a\"b'c&d.png", "a&quot;b&#39;c&amp;d.png"),
        ("bell\u{7}.png", "bell\u{FFFD}.png"),
        ("tab\tline\nfeed.png", "tab\tline\nfeed.png"),
        ("café.png", "café.png"),
        ("plain/name.png", "plain/name.png"),
    ])
    func markup(text: String, escaped: String) {
        #expect(Markup.escaped(text) == escaped)
    }

    @Test("Links are relative, encoded, and never start with a scheme", arguments: [
        ("photos/a b#1?.png", ".", "./photos/a%20b%231%3F.png"),
        ("javascript:alert(1).png", ".", "./javascript%3Aalert(1).png"),
        ("/srv/x/y.png", "/srv/z/w", "../../x/y.png"),
        ("/srv/x/y.png", "/srv", "./x/y.png"),
        ("/srv/100%.png", "/", "./srv/100%25.png"),
    ])
    func links(target: String, folder: String, href: String) {
        #expect(PageLink.href(to: target, fromFolder: folder) == href)
    }

    @Test("A board page puts a link over every tile, in percent of the sheet, its name escaped")
    func boardPage() throws {
        let manifest = Manifest(
            width: 200, height: 100, direction: .vertical, lanes: 2, padding: 0, margin: 0,
            background: .white,
            items: [
                Manifest.Item(source: "/srv/photos/" + Self.hostile, name: Self.hostile, rect: Rect(x: 0, y: 0, width: 100, height: 50),
                              lane: 0, sourceSize: Size(width: 10, height: 5)),
                Manifest.Item(source: "/srv/photos/b.png", rect: Rect(x: 100, y: 25, width: 100, height: 75), lane: 1,
                              sourceSize: Size(width: 10, height: 5)),
            ],
            skipped: [])
        let html = BoardPage(manifest: manifest, sheetPath: "/srv/site/board.png").html(pagePath: "/srv/site/board.html")
        #expect(html.contains("<img src=\"./board.png\" width=\"200\" height=\"100\" alt=\"board.png\">"))
        #expect(html.contains("""
            <a href="../photos/%3Cimg%20src=x%20onerror=alert(1)%3E.png" title="&lt;img src=x onerror=alert(1)&gt;.png" \
            style="left: 0.0000%; top: 0.0000%; width: 50.0000%; height: 50.0000%"><span>&lt;img src=x onerror=alert(1)&gt;.png</span></a>
            """))
        #expect(html.contains("""
            <a href="../photos/b.png" title="/srv/photos/b.png" style="left: 50.0000%; top: 25.0000%; width: 50.0000%; height: 75.0000%">
            """))
        #expect(!html.contains(Self.hostile))
    }
}
