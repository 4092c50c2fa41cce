import Foundation
import Pinboard
import SheetOutput
import Testing
import TestSupport

/// A sheet of 6,000 small screenshots, as Python suites and other tools open it: its
/// manifest (about 1.2 MB of JSON) is split over iTXt chunks under Pillow's 1 MiB limit,
/// and libvips and ImageMagick decode every pixel under Debian's default limits.
@Suite("Readers of a 6,000-tile sheet")
struct ManyTilesReaderTests {
    static let vips = "/usr/bin/vips"
    static let convert = "/usr/bin/convert-im6.q16"

    @Test("Pillow loads it and finds its manifest; pinboard reads all 6,000 items back; libvips and ImageMagick decode it")
    func readers() throws {
        let folder = try TemporaryFolder()
        try folder.folders("shots")
        for index in 0..<6000 {
            let shade = UInt8(index % 251)
            let pixels: [UInt8] = (0..<48).flatMap { _ -> [UInt8] in [shade, 255 - shade, UInt8(index % 7 * 30), 255] }
            try RGBAPNG.write(pixels, width: 8, named: "shots/shot-\(index).png", in: folder)
        }
        let path = folder.path + "/many.png"
        var options = SheetOptions(breadth: 1200, lanes: 60, padding: 0)
        options.jobs = 2
        let written = try SheetComposer.write(SheetPlanner.plan(inputs: [folder.path + "/shots"], options: options), to: path)
        #expect(written.manifest.items.count == 6000)
        #expect(written.manifest.jsonText().utf8.count > ManifestChunk.chunkLimit, "the manifest must need more than one chunk")
        #expect(try EmbeddedManifest.read(sheet: path)?.items.count == 6000)

        let script = """
            import sys
            from PIL import Image
            image = Image.open(sys.argv[1])
            image.load()
            print(image.size[0], sys.argv[2] in image.text)
            """
        let pillow = try Pillow.run(script, [path, ManifestChunk.keyword])
        #expect(pillow.status == 0, "\(pillow.output)")
        #expect(pillow.output.hasPrefix("1200 True"), "\(pillow.output)")

        try #require(FileManager.default.isExecutableFile(atPath: Self.vips), "libvips-tools is not installed: scripts/setup installs it")
        let vips = try Subprocess.run(Self.vips, ["avg", path])
        #expect(vips.status == 0)
        #expect(Double(String(decoding: vips.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) != nil)

        try #require(FileManager.default.isExecutableFile(atPath: Self.convert), "imagemagick is not installed: scripts/setup installs it")
        let small = folder.path + "/small.png"
        #expect(try Subprocess.run(Self.convert, [path, "-resize", "10%", small]).status == 0)
        #expect(FileManager.default.fileExists(atPath: small))
    }
}
