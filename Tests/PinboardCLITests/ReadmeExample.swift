import Foundation
import Testing
import TestSupport

/// One `pinboard` command from a shell block of README.md or a page of docs/, as a user
/// would copy it: the line (continuations joined) that `/bin/sh -c` runs, and the files it
/// says it writes.
///
/// A line is an example when its first word is `pinboard` (after an optional `$ ` prompt);
/// every other line of a shell block (`scripts/setup`, `swift test`, a comment) is not.
struct ReadmeExample: Sendable, CustomTestStringConvertible {
    /// The page the command is on, relative to the package root (`README.md`, `docs/guide.md`).
    var document = "README.md"
    /// The page's line number of the command's first line.
    let line: Int
    /// The command as the page writes it, continuation lines joined with a space.
    let command: String
    /// The comment lines just above the command in its block, which may name its files.
    let comment: [String]
    /// The command's shell words, quotes removed, up to a trailing `# comment`.
    let words: [String]

    /// The words joined by single spaces: how a table of examples names this one.
    var key: String { words.joined(separator: " ") }

    var testDescription: String { "\(document) line \(line): \(key)" }

    /// Every example in `blocks`' shell blocks, in the page's order.
    static func all(in blocks: [ReadmeCodeBlock]) -> [ReadmeExample] {
        blocks.filter(\.isShell).flatMap(examples(in:))
    }

    /// The lines of blocks no shell runs (an untagged or `swift` block) that read like an
    /// example, which would be left out of the test: the page should fence them as `sh`.
    static func unrunnable(in blocks: [ReadmeCodeBlock]) -> [String] {
        blocks.filter { !$0.isShell }.flatMap(\.lines).filter { isExample(words(of: promptless($0))) }
    }

    private static func examples(in block: ReadmeCodeBlock) -> [ReadmeExample] {
        var examples: [ReadmeExample] = []
        var comment: [String] = []
        var index = 0
        while index < block.lines.count {
            let first = index
            var command = promptless(block.lines[index])
            while command.hasSuffix("\\"), index + 1 < block.lines.count {
                index += 1
                command = command.dropLast().trimmingCharacters(in: .whitespaces) + " "
                    + block.lines[index].trimmingCharacters(in: .whitespaces)
            }
            index += 1
            let words = words(of: command)
            if command.hasPrefix("#") {
                comment.append(command)
            } else if isExample(words) {
                examples.append(ReadmeExample(
                    document: block.document, line: block.lineNumbers[first], command: command, comment: comment, words: words))
                comment = []
            } else {
                comment = []
            }
        }
        return examples
    }

    private static func isExample(_ words: [String]) -> Bool { words.first == "pinboard" }

    private static func promptless(_ line: String) -> String {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.hasPrefix("$ ") ? String(trimmed.dropFirst(2)) : trimmed
    }

    /// `line` split as `sh` splits words: single and double quotes, backslashes, and a `#`
    /// that starts a word begins a comment. Nothing is expanded.
    static func words(of line: String) -> [String] {
        var words: [String] = []
        var word: String?
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                word = (word ?? "") + String(character)
                escaped = false
            } else if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else {
                    word = (word ?? "") + String(character)
                }
            } else if character == "'" || character == "\"" {
                quote = character
                word = word ?? ""
            } else if character == "\\" {
                escaped = true
            } else if character == " " || character == "\t" {
                if let finished = word { words.append(finished) }
                word = nil
            } else if character == "#" && word == nil {
                break
            } else {
                word = (word ?? "") + String(character)
            }
        }
        if let finished = word { words.append(finished) }
        return words
    }

    /// The paths the command writes to as it spells them: each `-o`, `--output`,
    /// `--manifest`, `--html` and `--junit` but `-` for stdout, and a file stdout is
    /// redirected to (`> board.png`).
    var outputPaths: [String] {
        var paths: [String] = []
        for (index, word) in words.enumerated() {
            let option = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
            if ["-o", "--output", "--manifest", "--html", "--junit", ">"].contains(word), index + 1 < words.count {
                paths.append(words[index + 1])
            } else if ["--output", "--manifest", "--html", "--junit"].contains(option), word.contains("=") {
                paths.append(String(word.dropFirst(option.count + 1)))
            }
        }
        return paths.filter { $0 != "-" }
    }

    /// The files the command writes, as patterns of paths relative to the folder it runs in
    /// (with `HOME` there too): each of `outputPaths`; `{name}` stands for any batch's
    /// name, and with `--max-height` the page number goes before the extension.
    var outputs: [NSRegularExpression] {
        let paged = words.contains { $0 == "--max-height" || $0.hasPrefix("--max-height=") }
        return outputPaths.compactMap { Self.pattern($0, paged: paged) }
    }

    /// Whether `path` is one of the files `pattern`, one of `outputs`, stands for.
    static func path(_ path: String, matches pattern: NSRegularExpression) -> Bool {
        pattern.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
    }

    private static func pattern(_ path: String, paged: Bool) -> NSRegularExpression? {
        var path = path.hasPrefix("~/") ? String(path.dropFirst(2)) : path
        while path.hasPrefix("./") { path.removeFirst(2) }
        let suffix = (path as NSString).pathExtension.isEmpty ? "" : "." + (path as NSString).pathExtension
        func escaped(_ text: String) -> String {
            NSRegularExpression.escapedPattern(for: text).replacingOccurrences(of: "\\{name\\}", with: "[^/]+")
        }
        let stem = escaped(String(path.dropLast(suffix.count)))
        return try? NSRegularExpression(pattern: "^" + stem + (paged ? "-[0-9]+" : "") + escaped(suffix) + "$")
    }

    /// The `.png` and `.json` files the comment above the command names, such as
    /// `sheets/rome-1.png`: each must be one the command writes.
    var filesInComment: [String] {
        comment.flatMap { $0.split(whereSeparator: { " \t".contains($0) }) }
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",;:()`'\"")) }
            .map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 }
            .filter { $0.hasSuffix(".png") || $0.hasSuffix(".json") }
    }
}
