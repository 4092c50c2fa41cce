import Foundation
import TestSupport
import Testing

/// The HTML report's approve panel: ticked failing entries give the command that updates
/// just those goldens, every word quoted for the shell.
extension DiffOptionsCommandTests {
    /// Folders a and b: home.png, it's a test.png and login/dark.png changed in B, gone.png
    /// only in A; and the HTML report of their comparison.
    func approvable() throws -> (a: String, b: String, page: String) {
        try folder.folders("a/login", "b/login")
        for name in ["home.png", "it's a test.png", "login/dark.png"] {
            _ = try RGBAPNG.write(Self.white(4, 4), width: 4, named: "a/" + name, in: folder)
            _ = try RGBAPNG.write(Self.red(Self.white(4, 4), width: 4, at: [(1, 1)]), width: 4, named: "b/" + name, in: folder)
        }
        _ = try RGBAPNG.write(Self.white(4, 4), width: 4, named: "a/gone.png", in: folder)
        let (a, b) = (folder.path + "/a", folder.path + "/b")
        let run = try ToolRun.pinboard(["diff", "--html", folder.path + "/report", a, b])
        #expect(run.status == 1, "\(run.stderr)")
        return (a, b, folder.path + "/report/index.html")
    }

    /// The text of the command the page shows, as the browser built it.
    static func command(in dom: String) throws -> String {
        let start = try #require(dom.range(of: #"<code id="approve-command""#))
        let open = try #require(dom.range(of: ">", range: start.upperBound..<dom.endIndex))
        let close = try #require(dom.range(of: "</code>", range: open.upperBound..<dom.endIndex))
        return String(dom[open.upperBound..<close.lowerBound])
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test("Two entries ticked in headless Chromium: the command names exactly those two, quoted, and updates just them",
          .enabled(if: Chromium.path != nil, Chromium.absence))
    func approveInChromium() throws {
        let (a, b, page) = try approvable()
        let names = ["login/dark.png", "it's a test.png"]
        let fragment = "select=" + names.map { $0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0 }
            .joined(separator: ",")
        let command = try Self.command(in: try Chromium.dumpDOM(of: page, fragment: fragment))
        #expect(command == "pinboard diff '\(a)' '\(b)' --update --only 'it'\\''s a test.png' --only 'login/dark.png'")
        let before = try Data(contentsOf: URL(fileURLWithPath: a + "/home.png"))
        let update = try ToolRun.shell(command, in: folder.path)
        #expect(update.status == 0, "\(update.stderr)")
        for name in names {
            #expect(try Data(contentsOf: URL(fileURLWithPath: a + "/" + name)) == Data(contentsOf: URL(fileURLWithPath: b + "/" + name)))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: a + "/home.png")) == before, "an entry not ticked is left alone")
        #expect(FileManager.default.fileExists(atPath: a + "/gone.png"))
    }

    @Test("A file only in A, ticked, adds --prune; nothing ticked shows no command", .enabled(if: Chromium.path != nil, Chromium.absence))
    func approvePrune() throws {
        let (a, b, page) = try approvable()
        #expect(try Self.command(in: try Chromium.dumpDOM(of: page, fragment: "select=gone.png"))
            == "pinboard diff '\(a)' '\(b)' --update --prune --only 'gone.png'")
        #expect(try Self.command(in: try Chromium.dumpDOM(of: page)) == "")
    }

    @Test("The page offers a box per failing entry, its name escaped, and fetches nothing")
    func approveMarkup() throws {
        let (_, _, page) = try approvable()
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(Chromium.count(#"<input type="checkbox" class="approve""#, in: html) == 4)
        #expect(html.contains(#"data-name="it&#39;s a test.png""#) || html.contains(#"data-name="it&apos;s a test.png""#)
            || html.contains(#"data-name="it's a test.png""#))
        #expect(html.contains(#"id="approve-all""#))
        #expect(!html.contains("http://") && !html.contains("https://"))
    }
}
