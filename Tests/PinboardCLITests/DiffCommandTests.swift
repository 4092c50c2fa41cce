import Foundation
import Geometry
import Layout
import PNGCodec
import Pinboard
import SheetManifest
import TestSupport
import Testing

/// The built binary's `diff` and `manifest` subcommands: what they print, on which stream,
/// and the exit status a script relies on (0 same, 1 changed, 2 cannot compare).
@Suite("pinboard diff and manifest end to end")
struct DiffCommandTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    static let solids = [
        "solid/red-40x30.png", "solid/green-18x60.png", "solid/blue-64x16.png", "solid/yellow-25x25.png",
        "solid/grey-30x20.png",
    ]

    /// Three lanes of one width, so tiles that move between lanes keep their size.
    static let sheetArguments = ["-c", "3", "--column-width", "48", "-p", "2", "-m", "4", "-q"]

    /// Makes the folder `name` holding copies of `fixtures`.
    func photos(_ name: String, _ fixtures: [String] = solids) throws -> String {
        let path = try folder.folder(name)
        try folder.copy(fixtures, into: path)
        return path
    }

    /// Runs `pinboard` to make the sheet `name` of `photos`, with any extra arguments.
    func sheet(of photos: String, named name: String, extra: [String] = []) throws -> String {
        let run = try ToolRun.pinboard(Self.sheetArguments + extra + ["-o", name, photos], in: folder.path)
        try #require(run.status == 0, "making \(name): \(run.stderr)")
        return folder.path + "/" + name
    }

    /// Writes an opaque RGB PNG without a manifest: `background`, with the pixels given set.
    static func writePNG(_ path: String, width: Int, height: Int, background: [UInt8], pixels: [(Int, Int, [UInt8])] = []) throws {
        var rgb = Array([[UInt8]](repeating: background, count: width * height).joined())
        for (x, y, color) in pixels {
            rgb.replaceSubrange((y * width + x) * 3..<(y * width + x) * 3 + 3, with: color)
        }
        let writer = try PNGWriter(to: .path(path), width: width, height: height, channels: .rgb)
        try rgb.withUnsafeBytes { try writer.write(rows: $0, stride: width * 3, count: height) }
        try writer.finish()
    }

    /// Folder `b`: the solids with red recoloured from (220, 30, 40) to (200, 90, 40).
    func recolouredPhotos() throws -> String {
        let photos = try photos("b")
        try Self.writePNG(photos + "/red-40x30.png", width: 40, height: 30, background: [200, 90, 40])
        return photos
    }

    // MARK: diff

    @Test("A manifest whose tiles lie outside its sheet is a damaged manifest naming the file, on either side")
    func manifestOutsideItsSheet() throws {
        let seeds = Fixture.path("fuzz/FuzzEmbeddedManifest")
        let lying = seeds + "/split-tiles-outside.png"
        for pair in [[seeds + "/s1.png", lying], [lying, seeds + "/s1.png"]] {
            let run = try ToolRun.pinboard(["diff"] + pair)
            #expect(run.status == 2, "\(run.stderr)")
            #expect(run.stderr.contains(lying + ": the embedded manifest is damaged") && run.stderr.contains("is not inside the sheet"),
                    "\(run.stderr)")
        }
    }

    @Test("Identical sheets exit 0 with only the summary line")
    func identical() throws {
        let a = try sheet(of: try photos("a"), named: "a.png")
        let b = try sheet(of: try photos("b"), named: "b.png")
        let run = try ToolRun.pinboard(["diff", a, b])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout == "5 unchanged, 0 changed, 0 only in A, 0 only in B (threshold 0)\n")
    }

    @Test("One recoloured source exits 1 with one changed line naming it with its counts")
    func oneChanged() throws {
        let a = try sheet(of: try photos("a"), named: "a.png")
        let b = try sheet(of: try recolouredPhotos(), named: "b.png")
        let item = try #require(try EmbeddedManifest.read(sheet: b)?.items.first { $0.pairingKey == "red-40x30.png" })
        let pixels = item.width * item.height
        let run = try ToolRun.pinboard(["diff", a, b])
        #expect(run.status == 1)
        #expect(run.stderr.isEmpty)
        // Every pixel 20 off in red and 60 in green: PSNR 10·log₁₀(255² / 1000) = 18.13 dB.
        #expect(run.stdout == """
            changed   red-40x30.png  max 60, \(pixels) of \(pixels) pixels (100.00%), PSNR 18.13 dB
            4 unchanged, 1 changed, 0 only in A, 0 only in B (threshold 0)

            """)

        let within = try ToolRun.pinboard(["diff", "--threshold", "60", a, b])
        #expect(within.status == 0)
        #expect(within.stdout == "5 unchanged, 0 changed, 0 only in A, 0 only in B (threshold 60)\n")
        let quiet = try ToolRun.pinboard(["diff", "-q", a, b])
        #expect(quiet.status == 1 && quiet.stdout.isEmpty && quiet.stderr.isEmpty)
    }

    @Test("A source removed and one added are 'only in A' and 'only in B' lines")
    func addedAndRemoved() throws {
        let a = try sheet(of: try photos("a"), named: "a.png")
        let b = try sheet(of: try photos("b", Self.solids.filter { !$0.contains("green") } + ["solid/purple-7x9.png"]),
                          named: "b.png")
        let run = try ToolRun.pinboard(["diff", a, b])
        #expect(run.status == 1)
        #expect(run.stdout == """
            only in A green-18x60.png
            only in B purple-7x9.png
            4 unchanged, 0 changed, 1 only in A, 1 only in B (threshold 0)

            """)
    }

    @Test("--json is one object with the report's members")
    func json() throws {
        let a = try sheet(of: try photos("a"), named: "a.png")
        let b = try sheet(of: try recolouredPhotos(), named: "b.png")
        let run = try ToolRun.pinboard(["diff", "--json", a, b])
        #expect(run.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: run.output) as? [String: Any])
        #expect(Set(object.keys) == [
            "mode", "threshold", "options", "identical", "fails", "unchanged", "antialiasedPixels", "maskedPixels", "changed",
            "rescaled", "onlyInA", "onlyInB", "regions",
        ])
        #expect(object["mode"] as? String == "tiles")
        #expect(object["threshold"] as? Int == 0)
        #expect(object["identical"] as? Bool == false)
        #expect(object["unchanged"] as? Int == 4)
        #expect((object["onlyInA"] as? [Any])?.isEmpty == true)
        #expect((object["onlyInB"] as? [Any])?.isEmpty == true)
        #expect((object["regions"] as? [Any])?.isEmpty == true)
        let changed = try #require(object["changed"] as? [[String: Any]])
        try #require(changed.count == 1)
        let item = try #require(try EmbeddedManifest.read(sheet: b)?.items.first { $0.pairingKey == "red-40x30.png" })
        #expect(changed[0]["name"] as? String == "red-40x30.png")
        #expect(changed[0]["maxChannelDifference"] as? Int == 60)
        #expect(changed[0]["changedPixels"] as? Int == item.width * item.height)
        #expect(changed[0]["pixels"] as? Int == item.width * item.height)
        let psnr = try #require(changed[0]["psnr"] as? Double)
        #expect(abs(psnr - 10 * log10(65025.0 / 1000)) < 1e-9)
        let side = try #require(changed[0]["b"] as? [String: Any])
        #expect(side["source"] as? String == item.source)
    }

    @Test("-o writes a diff sheet the size of B")
    func diffSheet() throws {
        let a = try sheet(of: try photos("a"), named: "a.png")
        let b = try sheet(of: try recolouredPhotos(), named: "b.png")
        let run = try ToolRun.pinboard(["diff", "-o", "diff.png", a, b], in: folder.path)
        #expect(run.status == 1)
        let diff = try PNGDecoder.decode(path: folder.path + "/diff.png")
        let sheetB = try PNGDecoder.decode(path: b)
        #expect(diff.width == sheetB.width && diff.height == sheetB.height)
        let item = try #require(try EmbeddedManifest.read(sheet: b)?.items.first { $0.pairingKey == "red-40x30.png" })
        let offset = (item.y * diff.width + item.x) * 4
        #expect(Array(diff.pixels[offset..<offset + 4]) == [0xff, 0x00, 0x50, 0xff])

        let refused = try ToolRun.pinboard(["diff", "-o", a, a, b])
        #expect(refused.status == 2)
        #expect(refused.stderr.hasPrefix("Error: \(a): the output is also an input"), "\(refused.stderr)")
    }

    @Test("Plain images exit 1 with a region line per differing area")
    func plain() throws {
        let a = folder.path + "/a.png"
        let b = folder.path + "/b.png"
        try Self.writePNG(a, width: 100, height: 80, background: [255, 255, 255])
        try Self.writePNG(b, width: 100, height: 80, background: [255, 255, 255],
                          pixels: [(10, 10, [0, 0, 0]), (12, 11, [0, 0, 0]), (70, 60, [255, 200, 255])])
        let run = try ToolRun.pinboard(["diff", a, b])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("region") } == [
            "region    3x2+10+10  max 255, 2 pixels",
            "region    1x1+70+60  max 55, 1 pixels",
        ])
        #expect(lines.last?.hasPrefix("plain images, 2 regions differ: max 255, 3 of 8000 pixels") == true, "\(run.stdout)")

        let same = try ToolRun.pinboard(["diff", a, a])
        #expect(same.status == 0)
        #expect(same.stdout.hasPrefix("plain images, identical: "), "\(same.stdout)")

        let tall = folder.path + "/tall.png"
        try Self.writePNG(tall, width: 100, height: 81, background: [255, 255, 255])
        let diffSheet = folder.path + "/sizes-diff.png"
        let sizes = try ToolRun.pinboard(["diff", a, tall, "-o", diffSheet])
        #expect(sizes.status == 1)
        #expect(sizes.stdout == "sizes differ: A is 100×80, B is 100×81; over the 100×80 both have, identical: "
            + "max 0, 0 of 8000 pixels (0.00%), PSNR inf (threshold 0)\n")
        #expect(sizes.stderr.isEmpty)
        let drawn = try PNGDecoder.decode(path: diffSheet)
        #expect(drawn.width == 100 && drawn.height == 81)
    }

    @Test("A sheet that cannot be read exits 2, naming it on stderr and printing nothing",
          arguments: ["truncated", "text", "missing"])
    func corrupt(damage: String) throws {
        let good = try sheet(of: try photos("a"), named: "a.png")
        let bad = folder.path + "/bad.png"
        switch damage {
        case "truncated":
            let bytes = try Fixture.bytes(good)
            try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: bad))
        case "text":
            try FileManager.default.copyItem(atPath: Fixture.path("corrupt/text.png"), toPath: bad)
        default:
            break
        }
        for arguments in [["diff", good, bad], ["diff", bad, good], ["diff", "--json", good, bad]] {
            let run = try ToolRun.pinboard(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.hasPrefix("Error: \(bad): cannot read the sheet: "), "\(run.stderr)")
        }
    }

    @Test("Usage errors exit 2 and point to --help", arguments: [
        ["diff", "a.png"], ["diff", "--threshold", "300", "a.png", "b.png"],
        ["diff", "--threshold", "-1", "a.png", "b.png"], ["diff", "a.png", "b.png", "c.png"],
    ])
    func usage(arguments: [String]) throws {
        let run = try ToolRun.pinboard(arguments, in: folder.path)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("Error: "), "\(run.stderr)")
        #expect(run.stderr.contains("pinboard diff --help"), "\(run.stderr)")
    }

    @Test("Every subcommand given no arguments prints its overview and usage on stderr and exits 2",
          arguments: [("diff", "A B"), ("manifest", "SHEET")])
    func noArguments(subcommand: String, positionals: String) throws {
        let run = try ToolRun.pinboard([subcommand], in: folder.path)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("OVERVIEW: "), "\(run.stderr)")
        #expect(run.stderr.contains("USAGE: pinboard \(subcommand) [options] \(positionals)\n"), "\(run.stderr)")
        #expect(run.stderr.hasSuffix("See 'pinboard \(subcommand) --help' for the options.\n"), "\(run.stderr)")
    }

    // MARK: manifest

    @Test("pinboard manifest prints what --manifest wrote in the same run")
    func manifest() throws {
        let photos = try photos("a", Self.solids + ["corrupt/truncated-idat.png"])
        _ = try sheet(of: photos, named: "a.png", extra: ["--manifest", "a.json"])
        let run = try ToolRun.pinboard(["manifest", "a.png"], in: folder.path)
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        let written = try Fixture.bytes(folder.path + "/a.json")
        #expect(run.output == written)
        let manifest = try JSONDecoder().decode(Manifest.self, from: run.output)
        #expect(manifest.items.count == Self.solids.count + 1)
        #expect(manifest.skipped.map(\.source) == [photos + "/truncated-idat.png"])
    }

    @Test("pinboard manifest on a PNG without one exits 1 and says so")
    func manifestMissing() throws {
        let plain = folder.path + "/plain.png"
        try Self.writePNG(plain, width: 3, height: 2, background: [0, 0, 0])
        let run = try ToolRun.pinboard(["manifest", plain])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "Error: \(plain): no pinboard manifest in this sheet (made by another tool, or by pinboard before 0.2.0)\n")
    }

    @Test("The subcommands' help exits 0 and lists their options", arguments: [
        (["diff", "--help"], ["USAGE", "--output", "-o", "--threshold", "--json", "--quiet", "A", "B"]),
        (["manifest", "--help"], ["USAGE", "SHEET", "pinboard:manifest"]),
    ])
    func help(arguments: [String], mentions: [String]) throws {
        let run = try ToolRun.pinboard(arguments)
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        for word in mentions {
            #expect(run.stdout.contains(word), "\(word) missing from:\n\(run.stdout)")
        }
    }
}
