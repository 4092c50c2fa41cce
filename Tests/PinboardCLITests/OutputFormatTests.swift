import ArgumentParsing
import Foundation
import Pinboard
@testable import PinboardCLI
import SheetOutput
import TestSupport
import Testing

/// `-o`'s ending and `--format` choose the sheet's format; the lossy formats' settings
/// parse into the library's `EncodeSettings`; a sheet its format cannot hold is refused
/// before anything is decoded.
@Suite("pinboard output formats")
struct OutputFormatTests {
    @Test("The output's ending picks the format, in any case; '-' alone is PNG", arguments: [
        ("board.png", SheetFormat.png), ("board.PNG", .png), ("board.jpg", .jpeg), ("board.JPG", .jpeg),
        ("board.jpeg", .jpeg), ("board.webp", .webp), ("board.WebP", .webp), ("board.avif", .avif),
        ("board.tif", .tiff), ("board.TIFF", .tiff), ("out/board.DZI", .dzi), ("-", .png), ("sheets/{name}.jpg", .jpeg),
    ])
    func ending(output: String, format: SheetFormat) throws {
        let request = try parsedRequest(["in.png", "-o", output] + (output.contains("{name}") ? ["--each"] : []))
        #expect(try request.options().encoding.format == format)
    }

    @Test("--format overrides the name, and gives stdout or a name with no ending a format", arguments: [
        (["-o", "board.png", "--format", "jpeg"], SheetFormat.jpeg),
        (["-o", "-", "--format", "webp"], .webp),
        (["-o", "board", "--format", "tiff"], .tiff),
        (["-o", "board.bmp", "--format", "png"], .png),
    ])
    func formatOption(arguments: [String], format: SheetFormat) throws {
        let request = try parsedRequest(["in.png"] + arguments)
        #expect(try request.options().encoding.format == format)
    }

    @Test("A name whose ending names no format pinboard writes is a usage error naming it",
          arguments: ["board.bmp", "board", "board.png.bak", "dir.v2/board", "board."])
    func unknownEnding(output: String) {
        let expected = UsageError.invalidValue(
            output, option: "--output", expected: PinboardCommand.outputExpectation, suggestion: nil)
        #expect(throws: expected) { try parse(["in.png", "-o", output]) }
    }

    @Test("--layout-only writes no sheet, so the output's name is not checked")
    func layoutOnlyName() throws {
        let request = try parsedRequest(["in.png", "--layout-only", "-o", "board.bmp"])
        #expect(try request.options().encoding.format == .png)
    }

    @Test("The usage error lists the formats and endings, from the binary with exit 2")
    func unknownEndingMessage() throws {
        let run = try ToolRun.pinboard(["photos", "-o", "board.bmp"])
        #expect(run.status == 2)
        #expect(run.stderr == """
            Error: Invalid value 'board.bmp' for '--output': expected a name ending in .png, .jpg, .jpeg, .webp, \
            .avif, .tif, .tiff or .dzi (pinboard writes PNG, JPEG, WebP, AVIF, TIFF, Deep Zoom and IIIF), or --format to choose one.
            See 'pinboard --help'.

            """)
    }

    @Test("--quality, --subsampling and --lossless set the encoding", arguments: [
        (["--quality", "1"], EncodeSettings(quality: 1)),
        (["--quality=100"], EncodeSettings(quality: 100)),
        (["--subsampling", "444"], EncodeSettings(subsampling: .s444)),
        (["--lossless"], EncodeSettings(lossless: true)),
        (["--compression", "2"], EncodeSettings(compression: 2)),
        (["--tile-size", "64", "--tile-overlap", "0", "--tile-format", "webp"],
         EncodeSettings(deepZoom: DeepZoomSettings(tileSize: 64, overlap: 0, tileFormat: .webp))),
    ])
    func encodingOptions(arguments: [String], settings: EncodeSettings) throws {
        let request = try parsedRequest(["in.png"] + arguments)
        #expect(try request.options().encoding == settings)
    }

    @Test("A quality or subsampling out of range is quoted with what was expected", arguments: [
        (["--quality", "0"], UsageError.invalidValue("0", option: "--quality", expected: "an integer from 1 to 100",
                                                      suggestion: nil)),
        (["--quality", "101"], .invalidValue("101", option: "--quality", expected: "an integer from 1 to 100",
                                             suggestion: nil)),
        (["--subsampling", "422"], .invalidValue("422", option: "--subsampling", expected: "one of 420|444",
                                                 suggestion: "420")),
        (["--format", "bmp"], .invalidValue("bmp", option: "--format", expected: "one of png|jpeg|webp|avif|tiff|dzi|iiif",
                                            suggestion: nil)),
    ])
    func badEncodingValue(arguments: [String], error: UsageError) {
        #expect(throws: error) { try parse(["in.png"] + arguments) }
    }

    @Test("Pages and {name} keep the output's ending", arguments: [
        ("board.jpg", nil, 2, "board-2.jpg"), ("s/{name}.webp", "trip", 1, "s/trip-1.webp"),
        ("board.TIFF", nil, 3, "board-3.TIFF"),
    ])
    func pageNames(template: String, batch: String?, page: Int, expected: String) {
        let path = OutputPath(template: template, batch: batch).path(page: page)
        #expect(path == expected)
        #expect(SheetFormat(fileName: path) == SheetFormat(fileName: template))
    }

    @Test("A JPEG sheet taller than 65535 px is refused after planning: typed, before any output is created")
    func tallJPEGLibrary() throws {
        let folder = try PhotoFolder()
        try BlackPNG.write(to: folder.photos + "/tall.png", width: 2, height: 140_000)
        var options = SheetOptions()
        options.breadth = 1
        options.lanes = 1
        options.padding = 0
        options.encoding.format = .jpeg
        let plan = try SheetPlanner.plan(inputs: [folder.photos], options: options)
        let error = #expect(throws: PinboardError.self) { try SheetComposer.write(plan, to: folder.path + "/tall.jpg") }
        #expect(error == .sheetTooLarge(format: .jpeg, width: 1, height: 70_000, limit: 65_535))
        #expect(try folder.names() == ["photos"])
    }

    @Test("The binary refuses a JPEG too tall or too wide with exit 1, naming the limit and the way out", arguments: [
        (2, 140_000, ["-w", "1"], "the sheet is 1×70000 px; JPEG holds at most 65535 px a side: split it with --max-height 65535"),
        (1, 1, ["-w", "70000"], "the sheet is 70000×70000 px; JPEG holds at most 65535 px a side: split it with --max-height 65535"),
        (4, 1, ["-w", "70000"], "the sheet is 70000×17500 px; JPEG holds at most 65535 px a side: make it narrower with --width 65535"),
    ])
    func tallJPEGBinary(width: Int, height: Int, size: [String], message: String) throws {
        let folder = try PhotoFolder()
        try BlackPNG.write(to: folder.photos + "/image.png", width: width, height: height)
        let run = try ToolRun.pinboard(["-c", "1", "-p", "0", "-o", "sheet.jpg"] + size + ["photos"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stderr == "Error: \(message)\n")
        #expect(try folder.names() == ["photos"])
    }

    @Test("A TIFF to standard output goes through a spool: the bytes a file gets, which pinboard reads back")
    func tiffToPipe() throws {
        let folder = try TemporaryFolder()
        let image = Fixture.path("solid/red-40x30.png")
        let piped = try ToolRun.pinboard([image, "--format", "tiff", "-o", "-", "-q"], in: folder.path)
        #expect(piped.status == 0, "\(piped.stderr)")
        let file = try ToolRun.pinboard([image, "-o", "demo.tif", "-q"], in: folder.path)
        #expect(file.status == 0)
        #expect(piped.output.prefix(4) == Data([0x49, 0x49, 0x2A, 0x00]) || piped.output.prefix(4) == Data([0x4D, 0x4D, 0x00, 0x2A]))
        #expect(piped.output == (try Fixture.bytes(folder.path + "/demo.tif")))
        try piped.output.write(to: URL(fileURLWithPath: folder.path + "/piped.tif"))
        let manifest = try ToolRun.pinboard(["manifest", "piped.tif"], in: folder.path)
        #expect(manifest.status == 0 && manifest.stdout.hasPrefix("{\"version\":1"), "\(manifest.stderr)")
    }

    @Test("pinboard demo writes the format its name gives, and refuses an ending no format has")
    func demoFormats() throws {
        let folder = try TemporaryFolder()
        let jpeg = try ToolRun.pinboard(["demo", "-o", "demo.jpg", "-q"], in: folder.path)
        #expect(jpeg.status == 0)
        #expect(try Fixture.bytes(folder.path + "/demo.jpg").prefix(3) == Data([0xFF, 0xD8, 0xFF]))
        let bmp = try ToolRun.pinboard(["demo", "-o", "demo.bmp"], in: folder.path)
        #expect(bmp.status == 2)
        #expect(bmp.stderr.hasPrefix("Error: Invalid value 'demo.bmp' for '--output': expected a name ending in .png"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/demo.bmp"))
    }

    @Test("A JPEG over a transparent background says it is drawn over white; PNG keeps it and says nothing")
    func jpegTransparency() throws {
        let folder = try PhotoFolder()
        try Fixture.copy("solid/red-40x30.png", to: folder.photos + "/red.png")
        let jpeg = try ToolRun.pinboard(["photos", "-o", "sheet.jpg", "--background", "transparent"], in: folder.path)
        #expect(jpeg.status == 0)
        #expect(jpeg.stderr.contains("Warning: JPEG has no alpha: the transparent background is drawn over white"))
        let png = try ToolRun.pinboard(["photos", "-o", "sheet.png", "--background", "transparent"], in: folder.path)
        #expect(png.status == 0)
        #expect(!png.stderr.contains("no alpha"))
    }
}
