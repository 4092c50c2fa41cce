import Layout
@testable import PinboardCLI
import SheetOutput
import TestSupport
import Testing

/// The readers' default limits, each at its value and one past it, as pure functions of a
/// size: no sheet that large is made.
@Suite("Reader limits")
struct ReaderLimitTests {
    @Test("Each limit holds at its value and is passed one beyond", arguments: [
        (ReaderLimit.imageMagickSide, (1200, 16_384), (1200, 16_385)),
        (.imageMagickSide, (16_384, 10), (16_385, 10)),
        (.pillowPixels, (10, 17_895_697), (1, 178_956_971)),
        (.pillowPixels, (178_956_970, 1), (89_478_486, 2)),
        (.libpngRows, (10, 1_000_000), (10, 1_000_001)),
    ])
    func atAndPast(limit: ReaderLimit, at: (Int, Int), past: (Int, Int)) {
        #expect(!limit.isExceeded(width: at.0, height: at.1))
        #expect(limit.isExceeded(width: past.0, height: past.1))
    }

    @Test("A size whose pixels overflow an Int is past Pillow's limit")
    func overflow() {
        #expect(ReaderLimit.pillowPixels.isExceeded(width: .max, height: 2))
    }

    @Test("The limits passed are listed in order, none for a sheet every reader opens")
    func exceeded() {
        #expect(ReaderLimit.exceeded(width: 16_384, height: 10_922) == [])
        #expect(ReaderLimit.exceeded(width: 1200, height: 20_000) == [.imageMagickSide])
        #expect(ReaderLimit.exceeded(width: 1200, height: 1_000_001) == [.imageMagickSide, .pillowPixels, .libpngRows])
    }

    @Test("The warning names each reader passed and the --max-height that keeps within them all", arguments: [
        (1200, 16_385, "Warning: board.png is 1200×16385 px, past what ImageMagick (16384 px a side under Debian's "
            + "policy) will open: split it with --max-height 16384"),
        (12_000, 16_000, "Warning: board.png is 12000×16000 px, past what Pillow (178956970 pixels) will open: "
            + "split it with --max-height 14913"),
        (20_000, 100, "Warning: board.png is 20000×100 px, past what ImageMagick (16384 px a side under Debian's "
            + "policy) will open: make it narrower with --width 16384"),
    ])
    func warning(width: Int, height: Int, expected: String) {
        #expect(ReaderWarning.message(path: "board.png", width: width, height: height, direction: .vertical) == expected)
    }

    @Test("A sheet within every limit gets no warning")
    func noWarning() {
        #expect(ReaderWarning.message(path: "board.png", width: 16_384, height: 10_922, direction: .vertical) == nil)
    }

    @Test("The binary warns once after a PNG past ImageMagick's side, and -q keeps it quiet", arguments: [false, true])
    func binary(quiet: Bool) throws {
        let folder = try PhotoFolder()
        try BlackPNG.write(to: folder.photos + "/tall.png", width: 1, height: 4000)
        let run = try ToolRun.pinboard(
            ["-w", "5", "-c", "1", "-p", "0", "-o", "sheet.png", "photos"] + (quiet ? ["-q"] : []), in: folder.path)
        #expect(run.status == 0)
        let expected = quiet ? "" : "Warning: sheet.png is 5×20000 px, past what ImageMagick (16384 px a side under "
            + "Debian's policy) will open: split it with --max-height 16384\n"
        #expect(run.warnings == expected)
        #expect(run.summary == (quiet ? nil : "wrote sheet.png, 5×20000 px, 1 tile"))
    }
}
