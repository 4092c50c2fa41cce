@testable import PinboardCLI
import Foundation
import Testing
import TestSupport

/// A mistyped number is refused from the plan, naming the number and the option that
/// allows it, exit 2 and nothing written: never a trap, a backtrace or a temporary file
/// left behind.
@Suite("Huge numbers")
struct HugeNumberTests {
    @Test("Refused before any image is decoded", arguments: [
        (["-w", "1000000"], "--max-sheet-pixels"),
        (["-w", "160000"], "--max-enlarge"),
        (["-w", "2000000000"], "--max-sheet-pixels"),
        (["--direction", "horizontal", "--height", "2000000"], "--max-sheet-pixels"),
        (["--layout", "grid", "-c", "5", "--cell-width", "20000"], "--max-memory"),
        (["--layout", "grid", "-c", "5", "--cell-width", "20000", "-o", "x.avif"], "--max-memory"),
    ])
    func refused(arguments: [String], option: String) throws {
        let folder = try TemporaryFolder()
        let run = try ToolRun.pinboard(arguments + [Fixture.path("photos")], in: folder.path)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("Error: ") && run.stderr.contains(option), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("--max-memory takes a size with a unit", arguments: [("4G", 4 << 30), ("512M", 512 << 20), ("1.5g", 3 << 29), ("2TiB", 2 << 40), ("100000000", 100_000_000)])
    func sizes(text: String, bytes: Int) {
        #expect(ByteCount(argument: text)?.bytes == bytes)
    }

    @Test("A size that is not one is refused", arguments: ["", "G", "4X", "-1G", "lots"])
    func notSizes(text: String) {
        #expect(ByteCount(argument: text) == nil)
    }
}
