import Foundation

/// One fenced code block of one of the package's Markdown pages (README.md, the guide in
/// docs/), for the tests that keep their examples true: the page, its language, the
/// heading it sits under and its lines.
package struct ReadmeCodeBlock: Sendable {
    /// The page the block is in, relative to the package root (`README.md`, `docs/guide.md`).
    package let document: String
    /// The word after the opening fence (`sh`, `swift`), empty for an untagged block.
    package let language: String
    /// The text of the nearest heading above the block, without its `#` marks.
    package let heading: String
    /// The page's line number (1-based) of each of `lines`.
    package let lineNumbers: [Int]
    /// The block's lines, without the fences and without the fence's own indentation.
    package let lines: [String]

    /// The block's lines joined as they read in README.
    package var text: String { lines.joined(separator: "\n") }

    /// Whether a shell runs the block: `sh`, `bash`, `shell`, `console` or `zsh`.
    package var isShell: Bool { ["sh", "bash", "shell", "console", "zsh"].contains(language) }

    /// The package root, without a trailing slash.
    package static let packageRoot = URL(fileURLWithPath: Fixture.root).deletingLastPathComponent().path

    /// README.md at the package root.
    package static let readmePath = packageRoot + "/README.md"

    /// Every fenced block of README.md, in order.
    package static func inReadme() throws -> [ReadmeCodeBlock] {
        try inDocument("README.md")
    }

    /// Every fenced block of the page at `document`, a path relative to the package root.
    package static func inDocument(_ document: String) throws -> [ReadmeCodeBlock] {
        parse(try String(contentsOfFile: packageRoot + "/" + document, encoding: .utf8), document: document)
    }

    /// Every block fenced with three backticks in `markdown`, indented fences included
    /// (a block inside a list item); an unclosed last block ends with the text.
    package static func parse(_ markdown: String, document: String = "README.md") -> [ReadmeCodeBlock] {
        var blocks: [ReadmeCodeBlock] = []
        var heading = ""
        var open: (language: String, indent: Int, numbers: [Int], lines: [String])?
        func close() {
            guard let block = open else { return }
            blocks.append(ReadmeCodeBlock(
                document: document, language: block.language, heading: heading, lineNumbers: block.numbers, lines: block.lines))
            open = nil
        }
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let indent = line.prefix { $0 == " " }.count
            let fence = line.dropFirst(indent).hasPrefix("```")
            if var block = open {
                if fence {
                    close()
                } else {
                    block.numbers.append(index + 1)
                    block.lines.append(String(line.dropFirst(min(indent, block.indent))))
                    open = block
                }
            } else if fence {
                let language = line.dropFirst(indent + 3).trimmingCharacters(in: .whitespaces)
                open = (language, indent, [], [])
            } else if line.hasPrefix("#") {
                heading = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            }
        }
        close()
        return blocks
    }
}
