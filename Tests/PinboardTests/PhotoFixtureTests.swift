import Foundation
import Geometry
@testable import Pinboard
import TestSupport
import Testing

/// The photographs in Fixtures/photos, one in each format pinboard reads, each laid out
/// alone as a 48-px tile and compared with the picture as it was before encoding
/// (`golden/`, made by scripts/make-photo-fixtures.py): upright, in sRGB, the first frame.
///
/// Decoded in full: shrink-on-load (a JPEG's 1/8 DCT scale, the HEIC's own 256-px
/// thumbnail, WebP's scaled decoding) takes 2 to 6 off a reduction this large, which
/// would hide a missed profile.
@Suite("Photographs in every format")
struct PhotoFixtureTests {
    struct Photo: Sendable, CustomTestStringConvertible {
        let file: String
        let format: String
        /// The upright size the probe must report.
        let width: Int
        let height: Int
        let profile: String?
        var testDescription: String { file }
    }

    static let photos = [
        Photo(file: "chelsea.jpg", format: "JPEG", width: 451, height: 300, profile: nil),
        Photo(file: "coffee-p3.png", format: "PNG", width: 480, height: 320, profile: "Display P3"),
        Photo(file: "rocket.webp", format: "WebP", width: 640, height: 427, profile: nil),
        Photo(file: "hubble.webp", format: "WebP", width: 640, height: 558, profile: nil),
        Photo(file: "camera.gif", format: "GIF", width: 400, height: 400, profile: nil),
        Photo(file: "retina.tif", format: "TIFF", width: 320, height: 320, profile: nil),
        Photo(file: "astronaut.heic", format: "HEIC", width: 410, height: 512, profile: nil),
        Photo(file: "brick.avif", format: "AVIF", width: 512, height: 512, profile: nil),
    ]

    struct GoldenSize: Decodable {
        let width: Int
        let height: Int
    }

    /// The mean difference per sample the tile may have from the golden: the filters and
    /// lossy codecs leave at most 0.5; the photo left in Display P3 is 7.5 off, a turned one more.
    static let tolerance = 2.0

    @Test("A tile is read in its format, upright, its profile converted, close to the picture before encoding",
          arguments: photos)
    func tile(_ photo: Photo) throws {
        let sizes = try Fixture.json([String: GoldenSize].self, at: "photos/golden/index.json")
        let golden = try #require(sizes[photo.file])
        let expected = [UInt8](try Fixture.bytes(Fixture.path("photos/golden/\(photo.file).rgba")))
        var options = SheetOptions()
        options.lanes = 1
        options.laneBreadth = golden.width
        options.padding = 0
        options.margin = 0
        options.shrinkOnLoad = false
        let sheet = try SheetComposer.compose(inputs: [Fixture.path("photos/" + photo.file)], options: options)
        #expect(sheet.manifest.skipped.isEmpty, "skipped: \(sheet.manifest.skipped.map(\.reason))")
        let item = try #require(sheet.manifest.items.first)
        #expect(item.format == photo.format)
        #expect(item.sourceWidth == photo.width && item.sourceHeight == photo.height)
        #expect(item.colorProfile == photo.profile)
        try #require(item.width == golden.width && item.height == golden.height)
        var total = 0
        for y in 0..<golden.height {
            for x in 0..<golden.width {
                let color = sheet.color(x: item.x + x, y: item.y + y)
                let offset = (y * golden.width + x) * 4
                total += abs(Int(color.red) - Int(expected[offset])) + abs(Int(color.green) - Int(expected[offset + 1]))
                    + abs(Int(color.blue) - Int(expected[offset + 2]))
            }
        }
        let mean = Double(total) / Double(golden.width * golden.height * 3)
        #expect(mean <= Self.tolerance, "mean difference \(mean)")
    }

    @Test("The folder gives one tile per photograph and skips nothing")
    func folder() throws {
        let plan = try SheetPlanner.plan(inputs: [Fixture.path("photos")], options: SheetOptions())
        #expect(plan.manifest.items.map { URL(fileURLWithPath: $0.source).lastPathComponent }.sorted()
            == Self.photos.map(\.file).sorted())
        #expect(plan.manifest.skipped.isEmpty)
    }
}
