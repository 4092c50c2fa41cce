import Foundation
import Geometry
import Layout
import PNGCodec
import Pinboard
import Raster
import SheetManifest
import SheetOutput
import TestSupport
import Testing

/// The built `pinboard` binary making real sheets and manifests, checked against what the
/// library makes of the same inputs, and its exit codes for the ways a run can fail.
@Suite("pinboard end to end")
struct SheetCommandTests {
    let folder: PhotoFolder

    /// Opaque and translucent one-colour sources of different shapes.
    static let solids = [
        "solid/red-40x30.png", "solid/green-18x60.png", "solid/blue-64x16.png", "solid/orange-half-24x36.png",
        "solid/yellow-25x25.png", "solid/pink-clear-20x20.png", "solid/purple-7x9.png",
    ]

    init() throws {
        folder = try PhotoFolder()
    }

    /// The library's options for `-w 160 -c 3 -p 2 -m 4`.
    static var smallSheet: SheetOptions {
        var options = SheetOptions()
        options.breadth = 160
        options.lanes = 3
        options.padding = 2
        options.margin = 4
        return options
    }

    static let smallSheetArguments = ["-w", "160", "-c", "3", "-p", "2", "-m", "4"]

    /// Straight RGBA, as a PNG decoder gives it back.
    static func rgba(_ sheet: ComposedSheet) -> [UInt8] {
        sheet.format == .rgb ? RGBA.opaque(fromRGB: sheet.pixels) : sheet.pixels
    }

    /// How many pixels of two RGBA images differ; all of them when the sizes differ.
    static func differingPixels(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return max(a.count, b.count) / 4 }
        var count = 0
        for pixel in 0..<a.count / 4 where a[pixel * 4..<pixel * 4 + 4] != b[pixel * 4..<pixel * 4 + 4] {
            count += 1
        }
        return count
    }

    // MARK: Layout only

    @Test("--layout-only --manifest writes the plan's manifest, warns, and writes no sheet")
    func layoutOnlyToFile() throws {
        try folder.copy(Self.solids + ["corrupt/text.png"], into: folder.photos)
        let run = try ToolRun.pinboard(
            ["--layout-only", "--manifest", "layout.json"] + Self.smallSheetArguments + [folder.photos], in: folder.path)
        let plan = try SheetPlanner.plan(inputs: [folder.photos], options: Self.smallSheet)

        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "Warning: skipped \(folder.photos)/text.png: not an image file pinboard recognises; pinboard reads PNG, JPEG, WebP, GIF, TIFF, HEIC and AVIF\n")
        #expect(try folder.names() == ["layout.json", "photos"])
        let data = try Fixture.bytes(folder.path + "/layout.json")
        let manifest = try JSONDecoder().decode(Manifest.self, from: data)
        #expect(manifest.items == plan.manifest.items)
        #expect(manifest.items.count == Self.solids.count)
        #expect(manifest == plan.manifest)
        #expect(String(decoding: data, as: UTF8.self) == plan.manifest.jsonText() + "\n")
    }

    @Test("An image of a format pinboard does not read, found in a folder, is named for what it is, not dropped",
          arguments: ["scan.bmp", "SCAN.BMP", "layers.psd"])
    func foreignFormatInFolder(name: String) throws {
        try Fixture.copy("solid/red-40x30.png", to: folder.photos + "/red.png")
        let header: [UInt8] = name.hasSuffix("psd") ? Array("8BPS".utf8) + [0, 1] : Array("BM".utf8) + [0x3A, 0, 0, 0]
        try Data(header + [UInt8](repeating: 0, count: 32)).write(to: URL(fileURLWithPath: folder.photos + "/" + name))
        let run = try ToolRun.pinboard(["--layout-only"] + Self.smallSheetArguments + [folder.photos], in: folder.path)
        let what = name.hasSuffix("psd") ? "a Photoshop file" : "a BMP file"
        #expect(run.status == 0)
        #expect(run.stderr.contains(
            "Warning: skipped \(folder.photos)/\(name): \(what); pinboard reads PNG, JPEG, WebP, GIF, TIFF, HEIC and AVIF\n"),
            "\(run.stderr)")
        let manifest = try JSONDecoder().decode(Manifest.self, from: run.output)
        #expect(manifest.skipped.map(\.source).contains(folder.photos + "/" + name))
    }

    @Test("--layout-only without --manifest prints the manifest on stdout", arguments: [[], ["--manifest", "-"]])
    func layoutOnlyToStdout(manifestArguments: [String]) throws {
        try folder.copy(Self.solids, into: folder.photos)
        let run = try ToolRun.pinboard(
            ["--layout-only"] + manifestArguments + Self.smallSheetArguments + [folder.photos], in: folder.path)
        let plan = try SheetPlanner.plan(inputs: [folder.photos], options: Self.smallSheet)
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout == plan.manifest.jsonText() + "\n")
        #expect(try folder.names() == ["photos"])
    }

    // MARK: Failures

    @Test("No image to place exits 1, saying which input gave none and why", arguments: [
        ([], "no .avif, .gif, .heic, .heif, .hif, .jpeg, .jpg, .png, .tif, .tiff or .webp files found"),
        (["corrupt/text.png"], "not an image file pinboard recognises; pinboard reads PNG, JPEG, WebP, GIF, TIFF, HEIC and AVIF"),
    ])
    func zeroImages(fixtures: [String], reason: String) throws {
        try folder.copy(fixtures, into: folder.photos)
        let run = try ToolRun.pinboard([folder.photos], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("Error: no images to place"), "\(run.stderr)")
        #expect(run.stderr.contains(reason), "the message does not say why: \(run.stderr)")
        #expect(try folder.names() == ["photos"])
    }

    @Test("Settings that make no layout are usage errors: exit 2, the layout's message, a pointer to --help",
          arguments: [
              (["-w", "300", "-c", "3", "--column-width", "100"],
               LayoutError.conflictingSizeSettings(breadth: 300, lanes: 3, laneBreadth: 100, direction: .vertical)),
              (["--direction", "horizontal", "--height", "300", "--rows", "3", "--row-height", "100"],
               .conflictingSizeSettings(breadth: 300, lanes: 3, laneBreadth: 100, direction: .horizontal)),
              (["-w", "20", "-c", "4", "-p", "3"],
               .tooNarrow(breadth: 20, lanes: 4, padding: 3, margin: 0, tileBreadth: -1, direction: .vertical)),
          ])
    func layoutErrors(arguments: [String], error: LayoutError) throws {
        try folder.copy(Self.solids, into: folder.photos)
        let run = try ToolRun.pinboard(arguments + [folder.photos], in: folder.path)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "Error: \(error)\nSee 'pinboard --help'.\n")
        #expect(try folder.names() == ["photos"])
    }

    @Test("--strict with an unreadable file exits 1, naming it, and writes nothing")
    func strictUnreadable() throws {
        try folder.copy(Self.solids + ["corrupt/text.png"], into: folder.photos)
        let run = try ToolRun.pinboard(["--strict", "-o", "sheet.png", folder.photos], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == """
            Warning: skipped \(folder.photos)/text.png: not an image file pinboard recognises; pinboard reads PNG, JPEG, WebP, GIF, TIFF, HEIC and AVIF
            Error: 1 input could not be used (--strict)

            """)
        #expect(try folder.names() == ["photos"])
    }

    @Test("--strict with pixels that fail exits 1, naming the file, and leaves no sheet or temporary file")
    func strictBrokenPixels() throws {
        try folder.copy(Self.solids + ["corrupt/truncated-idat.png"], into: folder.photos)
        let run = try ToolRun.pinboard(
            ["--strict", "-o", "sheet.png"] + Self.smallSheetArguments + [folder.photos], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("Error: \(folder.photos)/truncated-idat.png: "), "\(run.stderr)")
        #expect(try folder.names() == ["photos"])
    }

    @Test("Without --strict bad inputs are warnings, the sheet is made and the manifest lists them",
          arguments: [false, true])
    func lenient(quiet: Bool) throws {
        try folder.copy(Self.solids + ["corrupt/text.png", "corrupt/truncated-idat.png"], into: folder.photos)
        let run = try ToolRun.pinboard(
            ["-o", "sheet.png", "--manifest", "sheet.json"] + (quiet ? ["-q"] : []) + Self.smallSheetArguments
                + [folder.photos], in: folder.path)
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
        let manifest = try JSONDecoder().decode(Manifest.self, from: Fixture.bytes(folder.path + "/sheet.json"))
        #expect(manifest.skipped.map(\.source) == [folder.photos + "/text.png", folder.photos + "/truncated-idat.png"])
        let warnings = "Warning: skipped \(manifest.skipped[0])\nWarning: left empty: \(manifest.skipped[1])\n"
        #expect(run.warnings == (quiet ? "" : warnings))
        #expect(run.summary == (quiet ? nil : "wrote sheet.png, 160×\(manifest.height) px, \(manifest.items.count) tiles (1 left empty), 1 file skipped"))
        #expect(try folder.names() == ["photos", "sheet.json", "sheet.png"])
        #expect(try PNGDecoder.decode(path: folder.path + "/sheet.png").width == 160)
    }

    @Test("A manifest path that is an input is refused and the input stays as it was",
          arguments: [[], ["--layout-only"]])
    func manifestOverInput(layoutOnly: [String]) throws {
        try folder.copy(Self.solids, into: folder.photos)
        let input = folder.photos + "/red-40x30.png"
        let before = try Fixture.bytes(input)
        let run = try ToolRun.pinboard(
            layoutOnly + ["-o", "sheet.png", "--manifest", input] + Self.smallSheetArguments + [folder.photos],
            in: folder.path)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("Error: ") && run.stderr.contains(input), "\(run.stderr)")
        #expect(try Fixture.bytes(input) == before, "the manifest replaced an input")
    }

    @Test("The sheet and the manifest at one path is refused before anything is written")
    func manifestOverSheet() throws {
        try folder.copy(Self.solids, into: folder.photos)
        let run = try ToolRun.pinboard(
            ["-o", "out.png", "--manifest", "out.png"] + Self.smallSheetArguments + [folder.photos], in: folder.path)
        // A usage error (2), like '--output - --manifest -', or a runtime one (1): not a success.
        #expect(run.status != 0)
        #expect(run.stderr.hasPrefix("Error: ") && run.stderr.contains("out.png"), "\(run.stderr)")
        #expect(try folder.names() == ["photos"], "the manifest replaced the sheet")
    }

    // MARK: Real sheets

    /// Command lines and the library options they stand for.
    static let renders: [(arguments: [String], options: SheetOptions)] = [
        (smallSheetArguments + ["--background", "#203040", "--filter", "bilinear"], {
            var options = smallSheet
            options.background = Color(red: 0x20, green: 0x30, blue: 0x40)
            options.filter = .bilinear
            return options
        }()),
        (["--direction", "horizontal", "--rows", "2", "--row-height", "45", "-p", "0", "--background", "transparent",
          "--placement", "round-robin"], {
            var options = SheetOptions()
            options.direction = .horizontal
            options.lanes = 2
            options.laneBreadth = 45
            options.padding = 0
            options.background = .transparent
            options.layout = .masonry(MasonrySettings(placement: .roundRobin))
            return options
        }()),
    ]

    @Test("A sheet written by the binary holds the pixels and manifest the library composes",
          arguments: renders.indices)
    func render(index: Int) throws {
        let (arguments, options) = Self.renders[index]
        try folder.copy(Self.solids + ["corrupt/bad-idat-crc.png"], into: folder.photos)
        let run = try ToolRun.pinboard(
            arguments + ["-o", "out.png", "--manifest", "out.json", folder.photos], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        let sheet = try SheetComposer.compose(inputs: [folder.photos], options: options)
        #expect(sheet.manifest.skipped.count == 1)

        let decoded = try PNGDecoder.decode(path: folder.path + "/out.png")
        try #require(decoded.width == sheet.width && decoded.height == sheet.height)
        let differing = Self.differingPixels(decoded.pixels, Self.rgba(sheet))
        #expect(differing == 0, "\(differing) pixels differ from the composed sheet")
        let header = try ImageHeader.probe(path: folder.path + "/out.png")
        #expect(header.colorType == (options.background.isOpaque ? .rgb : .rgba))
        let manifest = try String(contentsOfFile: folder.path + "/out.json", encoding: .utf8)
        #expect(manifest == sheet.manifest.jsonText() + "\n")
        #expect(try folder.names() == ["out.json", "out.png", "photos"])
    }

    @Test("-o - writes the same PNG to stdout, and nothing else anywhere")
    func stdoutSheet() throws {
        try folder.copy(Self.solids, into: folder.photos)
        let piped = try ToolRun.pinboard(Self.smallSheetArguments + ["-o", "-", folder.photos], in: folder.path)
        #expect(piped.status == 0)
        #expect(piped.warnings.isEmpty)
        #expect(try folder.names() == ["photos"])
        #expect(piped.output.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let decoded = try PNGDecoder.decode(bytes: piped.output)
        let sheet = try SheetComposer.compose(inputs: [folder.photos], options: Self.smallSheet)
        try #require(decoded.width == sheet.width && decoded.height == sheet.height)
        #expect(Self.differingPixels(decoded.pixels, Self.rgba(sheet)) == 0)

        let written = try ToolRun.pinboard(Self.smallSheetArguments + ["-o", "file.png", folder.photos], in: folder.path)
        #expect(written.status == 0)
        #expect(try Fixture.bytes(folder.path + "/file.png") == piped.output)
    }
}

/// Inputs that all probe fine and all fail while decoding make no sheet at all.
@Suite("pinboard with no tile drawn")
struct NoTileDrawnCommandTests {
    let folder: PhotoFolder

    init() throws {
        folder = try PhotoFolder()
    }

    @Test("A truncated PNG given alone exits 1, naming it, and writes no sheet")
    func everySourceFailsWhileDecoding() throws {
        try folder.copy(["corrupt/truncated-idat.png"], into: folder.photos)
        let run = try ToolRun.pinboard(["-o", "sheet.png", folder.photos + "/truncated-idat.png"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stderr.contains("\(folder.photos)/truncated-idat.png: "), "\(run.stderr)")
        #expect(try folder.names() == ["photos"])
    }
}
