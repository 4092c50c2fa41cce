import ArgumentParsing
import Foundation
import PNGCodec
import Pinboard
@testable import PinboardCLI
import TestSupport
import Testing

/// `--max-pixels`: the per-image limit, its default the library's, and the refusal that
/// names the option.
@Suite("pinboard --max-pixels")
struct MaxPixelsTests {
    @Test("The default is the library's, and the option reaches the library")
    func defaultAndOption() throws {
        #expect(try parsedRequest(["in.png"]).maxPixels == Int(SheetOptions().limits.maxPixels))
        #expect(try SheetRequest().options().limits == SheetOptions().limits)
        let raised = try parsedRequest(["in.png", "--max-pixels", "400000000"])
        #expect(try raised.options().limits.maxPixels == 400_000_000)
    }

    @Test("The limit is at least 1", arguments: ["0", "-5", "many"])
    func invalid(value: String) {
        #expect(throws: UsageError.self) { try parse(["in.png", "--max-pixels", value]) }
    }

    /// 20000×16000 is 320 megapixels, over the default 2^28 = 268,435,456.
    @Test("An image over the limit is refused by name with the option that raises it, and taken when it is raised")
    func hugeImage() throws {
        let folder = try TemporaryFolder()
        try BlackPNG.write(to: folder.path + "/big.png", width: 20000, height: 16000)
        let refused = try ToolRun.pinboard(["big.png", "-o", "sheet.png"], in: folder.path)
        #expect(refused.stderr == "Error: no images to place: big.png: image is 20000x16000 = 320000000 pixels, "
            + "over the limit of 268435456 (raise it with --max-pixels)\n")
        #expect(refused.status == 1)

        let small = folder.path + "/small.png"
        try BlackPNG.write(to: small, width: 20, height: 16)
        let skipped = try ToolRun.pinboard(["big.png", "small.png", "-o", "sheet.png"], in: folder.path)
        #expect(skipped.warnings == "Warning: skipped big.png: image is 20000x16000 = 320000000 pixels, "
            + "over the limit of 268435456 (raise it with --max-pixels)\n")
        #expect(skipped.status == 0)

        // Nearest neighbour: the debug build's Lanczos would take minutes over 320 megapixels.
        let taken = try ToolRun.pinboard(["big.png", "-o", "sheet.png", "--max-pixels", "400000000",
                                          "--filter", "nearest", "-w", "100", "-c", "1"], in: folder.path)
        #expect(taken.warnings.isEmpty)
        #expect(taken.status == 0)
        let sheet = try ImageHeader.probe(path: folder.path + "/sheet.png")
        #expect((sheet.width, sheet.height) == (100, 82))
    }

    @Test("A raised limit that is still too low is the one named")
    func raisedTooLittle() throws {
        let folder = try TemporaryFolder()
        try BlackPNG.write(to: folder.path + "/big.png", width: 20000, height: 16000)
        let run = try ToolRun.pinboard(["big.png", "--max-pixels", "300000000", "--layout-only", "-q"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stderr.hasSuffix("over the limit of 300000000 (raise it with --max-pixels)\n"))
    }
}
