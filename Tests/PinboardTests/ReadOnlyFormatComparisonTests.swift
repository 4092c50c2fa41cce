import Geometry
import Pinboard
import PinboardCompare
import TestSupport
import Testing

/// Images in the formats pinboard reads but does not write (GIF, HEIC) carry no manifest,
/// so comparing two of them is a plain comparison of their pixels, as for a PNG another tool
/// made: their format is told by the input registry, not taken for a damaged PNG sheet.
@Suite("Comparing GIF and HEIC images")
struct ReadOnlyFormatComparisonTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// A fixture, and the same picture with one pixel changed before it was encoded.
    static let pairs: [(a: String, b: String, pixel: Rect)] = [
        ("gif/global.gif", "gif/one-pixel.gif", Rect(x: 8, y: 8, width: 1, height: 1)),
        ("heif/plain.heic", "heif/one-pixel.heic", Rect(x: 50, y: 40, width: 1, height: 1)),
    ]

    @Test("A file and its copy compare plainly, with no differences", arguments: pairs.map(\.a))
    func identical(fixture: String) throws {
        let ending = fixture.split(separator: ".").last.map(String.init) ?? ""
        try folder.copy([fixture: "a." + ending, fixture: "b." + ending])
        let report = try SheetComparer.compare(folder.path + "/a." + ending, folder.path + "/b." + ending)
        #expect(report.mode == .plain)
        #expect(!report.hasDifferences)
        #expect(report.total.changedPixels == 0)
        #expect(report.total.pixelCount == 64 * 48)
    }

    @Test("One pixel changed is a plain change where that pixel is", arguments: pairs)
    func onePixel(a: String, b: String, pixel: Rect) throws {
        let report = try SheetComparer.compare(Fixture.path(a), Fixture.path(b))
        #expect(report.mode == .plain)
        #expect(report.hasDifferences)
        #expect(report.regions.contains { $0.bounds.intersects(pixel) }, "\(report.regions.map(\.bounds))")
    }

    @Test("A GIF's one palette index changed is exactly that pixel")
    func gifExact() throws {
        let report = try SheetComparer.compare(Fixture.path("gif/global.gif"), Fixture.path("gif/one-pixel.gif"))
        #expect(report.regions.map(\.bounds) == [Rect(x: 8, y: 8, width: 1, height: 1)])
        #expect(report.total.changedPixels == 1)
    }

    @Test("A GIF stored interlaced compares equal to the same picture stored in order")
    func interlaced() throws {
        let report = try SheetComparer.compare(Fixture.path("gif/global.gif"), Fixture.path("gif/interlaced.gif"))
        #expect(report.mode == .plain)
        #expect(!report.hasDifferences)
    }
}
