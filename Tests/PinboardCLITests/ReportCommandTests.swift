import Foundation
import FoundationXML
import Testing
import TestSupport

/// `pinboard diff --html/--junit` and `pinboard --html` through the built binary, and their
/// pages opened in headless Chromium: the DOM a browser builds holds every name as text.
@Suite("Reports end to end")
struct ReportCommandTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    static let hostile = "<img src=x onerror=alert(1)>.png"
    static let solids = ["solid/red-40x30.png", "solid/green-18x60.png", "solid/blue-64x16.png", "solid/yellow-25x25.png"]

    /// Sheets `a.png` of the solids and `b.png` with red recoloured, green gone and a file
    /// with a hostile name added, as in `DiffCommandTests`.
    func sheets() throws -> (a: String, b: String) {
        let photosA = try folder.folder("a")
        let photosB = try folder.folder("b")
        try folder.copy(Self.solids, into: photosA)
        try folder.copy(Self.solids.filter { !$0.contains("green") }, into: photosB)
        try DiffCommandTests.writePNG(photosB + "/red-40x30.png", width: 40, height: 30, background: [200, 90, 40])
        try Fixture.copy("solid/grey-30x20.png", to: photosB + "/" + Self.hostile)
        for (photos, sheet) in [("a", "a.png"), ("b", "b.png")] {
            let run = try ToolRun.pinboard(DiffCommandTests.sheetArguments + ["-o", sheet, photos], in: folder.path)
            try #require(run.status == 0, "making \(sheet): \(run.stderr)")
        }
        return ("a.png", "b.png")
    }

    @Test("diff --html and --junit write the report and the XML, and keep the exit status")
    func diffReports() throws {
        let (a, b) = try sheets()
        let run = try ToolRun.pinboard(["diff", a, b, "--html", "report", "--junit", "junit.xml", "-q"], in: folder.path)
        #expect(run.status == 1 && run.stderr.isEmpty)
        #expect(try folder.names(in: "report") == ["images", "index.html"])
        #expect(try folder.names(in: "report/images") == ["1-actual.png", "1-diff.png", "1-expected.png", "2-expected.png", "3-actual.png"])
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: folder.path + "/junit.xml"))
        let names = try document.nodes(forXPath: "//testcase/@name").compactMap(\.stringValue)
        #expect(names == ["red-40x30.png", "green-18x60.png", Self.hostile, "blue-64x16.png", "yellow-25x25.png"])
        #expect(try document.nodes(forXPath: "//failure").count == 3)

        let same = try ToolRun.pinboard(["diff", a, a, "--html", "same", "--junit", "same.xml"], in: folder.path)
        #expect(same.status == 0)
        let page = try String(contentsOfFile: folder.path + "/same/index.html", encoding: .utf8)
        #expect(page.contains("<h1 class=\"verdict pass\">No differences</h1>"))

        try folder.files("taken")
        let blocked = try ToolRun.pinboard(["diff", a, b, "--html", "taken/report"], in: folder.path)
        #expect(blocked.status == 2)
        #expect(blocked.stderr.hasPrefix("Error: taken/report/images: cannot write:"), "\(blocked.stderr)")
    }

    @Test("--html writes the board as a page with a link per tile; it needs the sheet as a file")
    func boardPage() throws {
        let photos = try folder.folder("photos")
        try folder.copy(Self.solids, into: photos)
        try folder.folders("site")
        let run = try ToolRun.pinboard(["photos", "-o", "site/board.png", "--html", "site/board.html", "-c", "2"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        let page = try String(contentsOfFile: folder.path + "/site/board.html", encoding: .utf8)
        #expect(page.contains("<img src=\"./board.png\""))
        #expect(page.contains("<a href=\"../photos/red-40x30.png\" title=\"red-40x30.png\""))
        #expect(Chromium.count("<a href=", in: page) == Self.solids.count)

        let piped = try ToolRun.pinboard(["photos", "-o", "-", "--html", "board.html"], in: folder.path)
        #expect(piped.status == 2)
        #expect(piped.stderr.hasPrefix("Error: '--html' and '--output -' cannot be used together"))
        let batches = try ToolRun.pinboard(["--each", "photos", "photos", "-o", "{name}.png", "--html", "board.html"], in: folder.path)
        #expect(batches.status == 2)
        #expect(batches.stderr.hasPrefix("Error: '--html board.html' requires '{name} in --html'"), "\(batches.stderr)")
    }

    @Test("In Chromium, the report's DOM has the counts, every name as text, and no element from a file name",
          .enabled(if: Chromium.path != nil, Chromium.absence))
    func reportInBrowser() throws {
        let (a, b) = try sheets()
        let run = try ToolRun.pinboard(["diff", a, b, "--html", "report", "-q"], in: folder.path)
        #expect(run.status == 1)
        let dom = try Chromium.dumpDOM(of: folder.path + "/report/index.html")
        #expect(dom.contains("<h1 class=\"verdict fail\">3 failing of 5</h1>"))
        for count in ["<li class=\"pass\"><b>2</b> unchanged</li>", "<li class=\"fail\"><b>1</b> changed</li>",
                      "<li class=\"fail\"><b>1</b> only in A</li>", "<li class=\"fail\"><b>1</b> only in B</li>"] {
            #expect(dom.contains(count), "\(count)")
        }
        for name in ["red-40x30.png", "green-18x60.png", "blue-64x16.png", "yellow-25x25.png"] {
            #expect(dom.contains("<span class=\"name\">\(name)</span>"), "\(name)")
        }
        #expect(dom.contains("<span class=\"name\">&lt;img src=x onerror=alert(1)&gt;.png</span>"))
        // Red's expected, actual and diff side by side and twice in its slider; green's
        // expected; the added file's actual: seven images, none with an onerror.
        #expect(Chromium.count("<img", in: dom) == 7)
        #expect(!dom.contains("onerror=\"") && !dom.contains("src=\"x\""))
        #expect(Chromium.count("loading=\"lazy\"", in: dom) == 7)
    }

    @Test("In Chromium, the board page's DOM has one link per tile, named in its title, and no element from a file name",
          .enabled(if: Chromium.path != nil, Chromium.absence))
    func boardInBrowser() throws {
        let photos = try folder.folder("photos")
        try folder.copy(Self.solids, into: photos)
        try Fixture.copy("solid/grey-30x20.png", to: photos + "/" + Self.hostile)
        let run = try ToolRun.pinboard(["photos", "-o", "board.png", "--html", "board.html"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        let dom = try Chromium.dumpDOM(of: folder.path + "/board.html")
        #expect(Chromium.count("<a href=", in: dom) == Self.solids.count + 1)
        #expect(dom.contains("title=\"&lt;img src=x onerror=alert(1)&gt;.png\""))
        #expect(dom.contains("<span>&lt;img src=x onerror=alert(1)&gt;.png</span>"))
        #expect(dom.contains("title=\"yellow-25x25.png\""))
        #expect(Chromium.count("<img", in: dom) == 1)
        #expect(!dom.contains("onerror=\"") && !dom.contains("src=\"x\""))
    }
}
