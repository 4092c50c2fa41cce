import Foundation
import Testing
import TestSupport

/// README as a front page, and the links between the Markdown pages: every link to a file
/// of the repository leads to one, and every link to a heading finds it, as GitHub names
/// headings.
@Suite("The Markdown pages")
struct MarkdownPagesTests {
    /// README.md and every page of docs/, relative to the package root.
    static func pages() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: ReadmeCodeBlock.packageRoot + "/docs")
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    @Test("README is a front page: at most 150 lines, the picture, then set-up and the tests first")
    func frontPage() throws {
        let text = try String(contentsOfFile: ReadmeCodeBlock.readmePath, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 150, "README has \(lines.count) lines; move the details into docs/")
        let first = try #require(try ReadmeCodeBlock.inReadme().first)
        #expect(first.isShell && first.lines == ["scripts/setup", "swift test"])
        let picture = try #require(lines.firstIndex { $0.hasPrefix("![") }, "README shows no picture")
        #expect(picture + 1 < first.lineNumbers[0], "the picture comes before the commands")
    }

    @Test("Every link to a file of the repository leads to one, and to a heading it has", arguments: try pages())
    func links(page: String) throws {
        let root = ReadmeCodeBlock.packageRoot
        let folder = (page as NSString).deletingLastPathComponent
        for target in try Self.links(in: Self.text(of: page)) {
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let file = parts[0].isEmpty ? page : ((folder as NSString).appendingPathComponent(parts[0]) as NSString).standardizingPath
            #expect(FileManager.default.fileExists(atPath: root + "/" + file), "\(page) links to \(target): no \(file)")
            if parts.count == 2, file.hasSuffix(".md"), FileManager.default.fileExists(atPath: root + "/" + file) {
                #expect(try Self.anchors(in: Self.text(of: file)).contains(parts[1]), "\(page) links to \(target): \(file) has no such heading")
            }
        }
    }

    @Test("Headings are named as GitHub names them", arguments: [
        ("# Pixel tests with `pinboard diff`", "pixel-tests-with-pinboard-diff"),
        ("## Scale (2026-12-01)", "scale-2026-12-01"),
        ("## Settings, and how missing ones are filled in", "settings-and-how-missing-ones-are-filled-in"),
        ("### From Python (Pillow)", "from-python-pillow"),
    ])
    func anchor(heading: String, anchor: String) {
        #expect(Self.anchors(in: heading) == [anchor])
    }

    static func text(of page: String) throws -> String {
        try String(contentsOfFile: ReadmeCodeBlock.packageRoot + "/" + page, encoding: .utf8)
    }

    /// The targets of the Markdown links and pictures outside code blocks and code spans,
    /// but those to other sites.
    static func links(in markdown: String) throws -> [String] {
        let link = try NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        let span = try NSRegularExpression(pattern: "`[^`]*`")
        var targets: [String] = []
        for line in prose(of: markdown) {
            let bare = span.stringByReplacingMatches(in: line, range: NSRange(line.startIndex..., in: line), withTemplate: "")
            for match in link.matches(in: bare, range: NSRange(bare.startIndex..., in: bare)) {
                guard let range = Range(match.range(at: 1), in: bare) else { continue }
                targets.append(String(bare[range]))
            }
        }
        return targets.filter { !["http://", "https://", "mailto:"].contains(where: $0.hasPrefix) }
    }

    /// The names GitHub gives the headings of `markdown`: lower case, only letters, digits,
    /// spaces, hyphens and underscores kept, spaces as hyphens, a repeated name numbered.
    static func anchors(in markdown: String) -> [String] {
        var seen: [String: Int] = [:]
        return prose(of: markdown).filter { $0.hasPrefix("#") }.map { line in
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            let kept = title.unicodeScalars.filter {
                CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_"
            }
            let name = String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-")
            defer { seen[name, default: 0] += 1 }
            return seen[name].map { "\(name)-\($0)" } ?? name
        }
    }

    /// The lines of `markdown` outside its fenced code blocks.
    static func prose(of markdown: String) -> [String] {
        var inside = false
        return markdown.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line in
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inside.toggle()
                return nil
            }
            return inside ? nil : String(line)
        }
    }
}
