import Foundation
import Pinboard
import PinboardCompare
import TestSupport
import Testing

/// A sheet written at the fast levels (level 1's run-length coder, ISA-L at 3), cut at every
/// length: `pinboard diff` must call each cut file unreadable, never compare it as a sheet —
/// but for a cut between chunks after the image data, which readers take with a warning
/// (the PNG ends without its IEND), and which compares as the sheet it still is.
@Suite("Cut fast-level sheets")
struct FastLevelTruncationTests {
    @Test("Every prefix of a fast-level sheet is an unreadable sheet naming it", arguments: [1, 3])
    func everyPrefix(level: Int) throws {
        let folder = try TemporaryFolder()
        let photos = folder.path + "/photos"
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        for fixture in SolidFixture.opaque.prefix(5) {
            try Fixture.copy("solid/" + fixture.name, to: photos + "/" + fixture.name)
        }
        var options = SheetOptions(lanes: 3, laneBreadth: 48, padding: 2, margin: 4, jobs: 2)
        options.compression = level
        let good = folder.path + "/good.png"
        _ = try SheetComposer.write(try SheetPlanner.plan(inputs: [photos], options: options), to: good)
        let bytes = try Fixture.bytes(good)
        #expect(try SheetComparer.compare(good, good).hasDifferences == false)

        let cut = folder.path + "/cut.png"
        let readable = PNGTail.wholeImageCuts(Array(bytes))
        #expect(!readable.isEmpty)
        for length in 0..<bytes.count {
            try Data(bytes.prefix(length)).write(to: URL(fileURLWithPath: cut))
            if readable.contains(length) {
                let comparison = try SheetComparer.compare(good, cut)
                #expect(!comparison.hasDifferences && !comparison.warnings.isEmpty, "cut at \(length) of \(bytes.count)")
                continue
            }
            let error = #expect(throws: CompareError.self, "cut at \(length) of \(bytes.count)") {
                try SheetComparer.compare(good, cut)
            }
            guard case .sheet(.unreadableSheet(let path, _)) = error else {
                Issue.record("cut at \(length) of \(bytes.count): \(String(describing: error))")
                continue
            }
            #expect(path == cut)
        }
    }
}
