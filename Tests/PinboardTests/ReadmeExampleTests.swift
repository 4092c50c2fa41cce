import Foundation
import PNGCodec
import Pinboard
import PinboardCompare
import SheetOutput
import TestSupport
import Testing

/// The README's Swift example, compiled as written (`ReadmePixelTest`) and run with the
/// sample images, and its Python example run with Pillow, so they stay true.
@Suite("README example")
struct ReadmeExampleTests {
    @Test("README's \"From Swift\" block is the code ReadmePixelTest.swift compiles")
    func swiftBlockIsCompiled() throws {
        let blocks = try ReadmeCodeBlock.inReadme().filter { $0.language == "swift" && $0.heading.hasPrefix("From Swift") }
        #expect(blocks.count == 1, "expected one swift block under README's \"From Swift\" heading")
        let source = try String(contentsOfFile: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().appendingPathComponent("ReadmePixelTest.swift").path, encoding: .utf8)
        let compiled = Self.regions(of: source).joined(separator: "\n\n")
        #expect(blocks.first?.text == compiled)
    }

    /// The texts between `// README begins` and `// README ends` lines, each dedented by its
    /// first line's indentation.
    static func regions(of source: String) -> [String] {
        var regions: [[Substring]] = []
        var inside = false
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let marker = line.trimmingCharacters(in: .whitespaces)
            if marker == "// README begins" {
                regions.append([])
                inside = true
            } else if marker == "// README ends" {
                inside = false
            } else if inside {
                regions[regions.count - 1].append(line)
            }
        }
        return regions.map { lines in
            let indent = lines.first?.prefix { $0 == " " }.count ?? 0
            return lines.map { $0.prefix(indent).allSatisfy { $0 == " " } ? String($0.dropFirst(indent)) : String($0) }
                .joined(separator: "\n")
        }
    }

    @Test("Composing from a folder with only `import Pinboard`")
    func readmeExample() throws {
        let folder = try TemporaryFolder()
        let output = folder.path + "/sheet.png"

        var options = SheetOptions()
        options.lanes = 4
        let plan = try SheetPlanner.plan(inputs: [Fixture.path("solid")], options: options)
        let sheet = try SheetComposer.compose(plan)
        let tile = sheet.manifest.items[0]
        let pixel = sheet.color(x: tile.x, y: tile.y)
        _ = try SheetComposer.write(plan, to: output)

        #expect(sheet.manifest.items.count == 9 && sheet.manifest.lanes == 4)
        #expect(pixel.description != options.background.description)
        #expect(FileManager.default.fileExists(atPath: output))
    }

    @Test("The pixel-test example: a golden file against a sheet composed in memory, the diff attached")
    func pixelTestExample() throws {
        let folder = try TemporaryFolder()
        let golden = folder.path + "/sheet.png"

        var options = SheetOptions()
        options.laneBreadth = 320
        _ = try SheetComposer.write(SheetPlanner.plan(inputs: [Fixture.path("solid")], options: options), to: golden)
        let sheet = try SheetComposer.compose(inputs: [Fixture.path("solid")], options: options)
        let manifest = try EmbeddedManifest.read(sheet: golden)
        #expect(manifest?.items.count == sheet.manifest.items.count)
        #expect(manifest?.items.map(\.source) == sheet.manifest.items.map(\.source))

        let report = try SheetComparer.compare(.file(golden), .composed(sheet), threshold: 2, diffSheet: .memory)
        #expect(report.changes.isEmpty, "changed: \(report.changes.map(\.name))")
        #expect(report.onlyInA.isEmpty && report.onlyInB.isEmpty)
        #expect(report.unchanged == 9)
        let diff = try #require(report.diffSheet)
        let png = try diff.pngData()
        Attachment.record(png, named: "diff.png")
        let decoded = try PNGDecoder.decode(bytes: png)
        #expect(decoded.width == sheet.width && decoded.height == sheet.height)
        #expect(try PNGText.read(keyword: ManifestChunk.keyword, bytes: png)?.text == sheet.manifest.jsonText())
    }

    @Test("README's Python block prints every tile of a sheet from its manifest, as written")
    func pythonBlock() throws {
        let blocks = try ReadmeCodeBlock.inReadme().filter { $0.language == "python" }
        #expect(blocks.count == 1, "expected one python block in README")
        let block = try #require(blocks.first)
        let sheetName = try #require(block.text.firstMatch(of: /Image\.open\("([^"]+)"\)/)?.1, "the block opens no sheet by name")

        let folder = try TemporaryFolder()
        let sheet = folder.path + "/" + sheetName
        _ = try SheetComposer.write(SheetPlanner.plan(inputs: [Fixture.path("solid")], options: SheetOptions()), to: sheet)
        let manifest = try #require(try EmbeddedManifest.read(sheet: sheet))

        // The block runs in the folder that holds the sheet, as a test suite runs beside its sheets.
        let run = try Pillow.run("import os, sys; os.chdir(sys.argv[1])\n" + block.text, [folder.path])
        #expect(run.status == 0)
        let expected = manifest.items.map { "\($0.source) \($0.x) \($0.y) \($0.width) \($0.height)" }
        #expect(expected.count == 9 && run.output.split(separator: "\n").map(String.init) == expected)
    }
}
