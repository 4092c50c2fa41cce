import Foundation
import Testing
import TestSupport

/// File names and trees built to break a tool: every one is placed or warned about, the
/// manifest stays valid JSON naming each path exactly, and nothing in a name reaches the
/// terminal raw.
@Suite("Hostile names and trees")
struct HostileNameTests {
    let folder: PhotoFolder

    init() throws {
        folder = try PhotoFolder()
    }

    /// Names as bytes, and how the manifest spells each: the same text, except `\xNN` for
    /// a byte that is not UTF-8 and `\\` for a backslash.
    static let names: [(bytes: [UInt8], spelled: String)] = [
        "new\nline.png", "tab\there.png", "\"double\" 'single'.png", "bell\u{7}.png",
        "\u{1B}]0;pwned\u{7}\u{1B}[31mred.png", "c1-\u{9B}31m.png", "\u{202E}gnp.exe.png", "café.png",
        String(repeating: "a", count: 251) + ".png",
    ].map { (Array($0.utf8), $0) } + [
        (Array("caf".utf8) + [0xE9] + Array(".png".utf8), "caf\\xE9.png"),
        ([0xFF, 0xFE, 0x0A] + Array(".png".utf8), "\\xFF\\xFE\n.png"),
        (Array("back\\slash.png".utf8), "back\\\\slash.png"),
    ]

    /// Names of files that are not images, so they are warned about: the warning quotes them.
    static let brokenNames: [(bytes: [UInt8], spelled: String)] = [
        (Array("\u{1B}[2J\u{1B}]0;owned\u{7}broken.png".utf8), "\u{1B}[2J\u{1B}]0;owned\u{7}broken.png"),
        (Array("broken\r\nWarning: fake".utf8) + [0x9B] + Array(".png".utf8), "broken\r\nWarning: fake\\x9B.png"),
    ]

    /// A folder path of 20 levels of 190-byte names, about 3,900 bytes below `folder.photos`.
    static let deepFolder = (1...20).map { String(repeating: Character(String($0 % 10)), count: 190) }.joined(separator: "/")

    func makeTree() throws {
        let image = try Fixture.bytes(Fixture.path("solid/red-40x30.png"))
        for name in Self.names {
            try folder.file(named: name.bytes, in: "photos", contents: image)
        }
        for name in Self.brokenNames {
            try folder.file(named: name.bytes, in: "photos", contents: Data("not an image".utf8))
        }
        try folder.file(named: Array("deep.png".utf8), in: "photos/" + Self.deepFolder, contents: image)
    }

    /// The bytes a terminal acts on: C0 controls but the newline ending each line, DEL, C1.
    static func controls(in text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) }
    }

    @Test("Every hostile name is placed or warned about, named exactly in valid JSON, and printed escaped")
    func hostileNames() throws {
        try makeTree()
        let run = try ToolRun.pinboard(["--recursive", "photos", "-o", "sheet.png", "--manifest", "sheet.json"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(FileManager.default.contents(atPath: folder.path + "/sheet.json"))
        let manifest = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let items = try #require(manifest["items"] as? [[String: Any]])
        let skipped = try #require(manifest["skipped"] as? [[String: Any]])
        let expected = Self.names.map { "photos/" + $0.spelled } + ["photos/" + Self.deepFolder + "/deep.png"]
        #expect(Set(items.compactMap { $0["source"] as? String }) == Set(expected))
        #expect(Set(skipped.compactMap { $0["source"] as? String }) == Set(Self.brokenNames.map { "photos/" + $0.spelled }))
        #expect(Self.controls(in: run.stderr).isEmpty, "raw controls reached the terminal: \(run.stderr.debugDescription)")
        #expect(run.warnings.split(separator: "\n").count == Self.brokenNames.count, "a name forged a line: \(run.stderr)")
        #expect(run.stderr.contains("photos/\\x1B[2J\\x1B]0;owned\\x07broken.png"))
        #expect(run.stderr.contains("photos/broken\\r\\nWarning: fake\\x9B.png"))

        let embedded = try ToolRun.pinboard(["manifest", "sheet.png"], in: folder.path)
        #expect(embedded.status == 0)
        #expect(try JSONSerialization.jsonObject(with: embedded.output) is [String: Any])
        let diff = try ToolRun.pinboard(["diff", "sheet.png", "sheet.png"], in: folder.path)
        #expect(diff.status == 0)
    }

    @Test("Under --strict the warnings are errors, still escaped")
    func hostileNamesStrict() throws {
        try makeTree()
        let run = try ToolRun.pinboard(["--strict", "--recursive", "photos", "-o", "sheet.png"], in: folder.path)
        #expect(run.status == 1)
        #expect(Self.controls(in: run.stderr).isEmpty, "raw controls reached the terminal: \(run.stderr.debugDescription)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/sheet.png"))
    }

    @Test("pinboard diff prints tile names escaped")
    func diffNamesEscaped() throws {
        let image = try Fixture.bytes(Fixture.path("solid/red-40x30.png"))
        let other = try Fixture.bytes(Fixture.path("solid/blue-64x16.png"))
        try folder.file(named: Array("\u{1B}]0;a\u{7}.png".utf8), in: "a", contents: image)
        try folder.file(named: Array("\u{1B}]0;b\u{7}.png".utf8), in: "b", contents: other)
        #expect(try ToolRun.pinboard(["a", "-o", "a.png"], in: folder.path).status == 0)
        #expect(try ToolRun.pinboard(["b", "-o", "b.png"], in: folder.path).status == 0)
        let diff = try ToolRun.pinboard(["diff", "a.png", "b.png"], in: folder.path)
        #expect(diff.status == 1)
        #expect(Self.controls(in: diff.stdout).isEmpty, "\(diff.stdout.debugDescription)")
        #expect(diff.stdout.contains("\\x1B]0;a\\x07.png"))
    }

    @Test("A symbolic link loop and a folder linked into itself end the scan, with a warning each")
    func linkLoops() throws {
        try folder.copy(["solid/red-40x30.png"], into: folder.photos)
        try folder.link("photos/self", to: ".")
        try folder.link("photos/up", to: "..")
        try folder.link("photos/loop-a", to: "loop-b")
        try folder.link("photos/loop-b", to: "loop-a")
        let run = try ToolRun.pinboard(["--recursive", "photos", "-o", "sheet.png", "--manifest", "sheet.json"], in: folder.path)
        #expect(run.status == 0)
        let lines = run.warnings.split(separator: "\n").sorted()
        #expect(lines == [
            "Warning: skipped photos/loop-a: Too many levels of symbolic links",
            "Warning: skipped photos/loop-b: Too many levels of symbolic links",
            "Warning: skipped photos/self: symbolic link to a folder, not followed (link the folder's images, or give it as an argument)",
            "Warning: skipped photos/up: symbolic link to a folder, not followed (link the folder's images, or give it as an argument)",
        ])
        let json = try #require(FileManager.default.contents(atPath: folder.path + "/sheet.json"))
        let manifest = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect((manifest["items"] as? [Any])?.count == 1)
        let strict = try ToolRun.pinboard(["--strict", "--recursive", "photos", "-o", "sheet.png"], in: folder.path)
        #expect(strict.status == 1)
    }

    /// Runs `pinboard` as `nobody` when the tests run as root (root reads every file), or
    /// as the user running the tests otherwise.
    func runUnprivileged(_ arguments: [String]) throws -> ToolRun {
        guard getuid() == 0 else { return try ToolRun.pinboard(arguments, in: folder.path) }
        return try ToolRun.command(
            "setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "--", ToolRun.executable.path] + arguments,
            in: folder.path)
    }

    @Test("Unreadable files and folders are warned about and the rest placed; --strict fails",
          .enabled(if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
                   "as root only a child that drops to nobody with setpriv meets permission denied"))
    func permissionDenied() throws {
        try folder.copy(["solid/red-40x30.png", "solid/blue-64x16.png"], into: folder.photos)
        try folder.files("photos/locked/a.png")
        try Fixture.copy("solid/red-40x30.png", to: folder.photos + "/secret.png")
        let out = try folder.folder("out")
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: out)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: folder.photos + "/locked")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: folder.photos + "/secret.png")
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.photos + "/locked") }
        let run = try runUnprivileged(["--recursive", "photos", "-o", "out/sheet.png", "--manifest", "out/sheet.json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.warnings.split(separator: "\n").sorted() == [
            "Warning: skipped photos/locked: Permission denied",
            "Warning: skipped photos/secret.png: cannot open: Permission denied",
        ])
        let json = try #require(FileManager.default.contents(atPath: out + "/sheet.json"))
        let manifest = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect((manifest["items"] as? [Any])?.count == 2)
        let strict = try runUnprivileged(["--strict", "--recursive", "photos", "-o", "out/strict.png"])
        #expect(strict.status == 1)
        #expect(!FileManager.default.fileExists(atPath: out + "/strict.png"))
    }
}
