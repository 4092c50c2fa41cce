import Foundation
import Geometry
import Layout
import PNGCodec
import Pinboard
import Raster
import TestSupport
import Testing

/// The same inputs make the same sheet, byte for byte, however many workers render it and
/// in whichever order they finish.
@Suite("Determinism")
struct DeterminismTests {
    /// Enough tiles for a sheet many bands tall, interlaced sources among them.
    static func inputs() throws -> [String] {
        try Fixture.pngSuite(prefix: "basn") + Fixture.pngSuite(prefix: "basi") + SolidFixture.all.map(\.path)
    }

    static func options(jobs: Int, background: Color = .white) -> SheetOptions {
        SheetOptions(breadth: 90, lanes: 3, padding: 1, background: background, jobs: jobs)
    }

    @Test("Composing with 1, 2 and 8 jobs gives the same pixels and manifest")
    func jobs() throws {
        let reference = try SheetComposer.compose(inputs: Self.inputs(), options: Self.options(jobs: 1))
        // Several bands, or the order in which workers hand tiles over is never exercised.
        try #require(reference.height > 4 * 64, "sheet is only \(reference.height) rows")
        #expect(try reference.manifest.items.count == Self.inputs().count)
        for jobs in [2, 8] {
            let sheet = try SheetComposer.compose(inputs: Self.inputs(), options: Self.options(jobs: jobs))
            #expect(sheet.manifest == reference.manifest, "jobs \(jobs)")
            let difference = sheet.difference(from: reference.rgbaPixels)
            #expect(difference == nil, "jobs \(jobs): \(difference ?? "")")
        }
    }

    @Test("Writing the same plan twice gives byte-identical PNGs that decode to the composed pixels",
          arguments: [Color.white, .transparent])
    func written(background: Color) throws {
        let folder = try TemporaryFolder()
        let plan = try SheetPlanner.plan(inputs: Self.inputs(), options: Self.options(jobs: 2, background: background))
        let first = try SheetComposer.write(plan, to: folder.path + "/first.png").manifest
        let second = try SheetComposer.write(plan, to: folder.path + "/second.png").manifest
        #expect(first == plan.manifest)
        #expect(second == plan.manifest)
        let bytes = try Fixture.bytes(folder.path + "/first.png")
        #expect(bytes == (try Fixture.bytes(folder.path + "/second.png")))

        let header = try ImageHeader.probe(path: folder.path + "/first.png")
        #expect(header.colorType == (background.isOpaque ? .rgb : .rgba))
        #expect(header.bitDepth == 8)
        let composed = try SheetComposer.compose(plan)
        let decoded = try PNGDecoder.decode(path: folder.path + "/first.png")
        #expect(decoded.width == composed.width && decoded.height == composed.height)
        let difference = composed.difference(from: decoded.pixels)
        #expect(difference == nil, "\(difference ?? "")")
    }
}
