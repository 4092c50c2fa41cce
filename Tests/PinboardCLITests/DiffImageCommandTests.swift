import Foundation
import PNGCodec
import Pinboard
import TestSupport
import Testing

/// `--diff-color`, `--aa-color`, `--diff-mask` and `--diff-fade`: the pixels of the diff
/// images they draw, a plain pair's, a sheet's and the HTML report's crops.
extension DiffCommandTests {
    /// A 3×1 pair without manifests: black, then a pixel changed (white to red), then grey.
    func plainPair() throws -> (a: String, b: String) {
        let a = folder.path + "/a.png"
        let b = folder.path + "/b.png"
        try Self.writePNG(a, width: 3, height: 1, background: [0, 0, 0], pixels: [(1, 0, [255, 255, 255]), (2, 0, [100, 100, 100])])
        try Self.writePNG(b, width: 3, height: 1, background: [0, 0, 0], pixels: [(1, 0, [255, 0, 0]), (2, 0, [100, 100, 100])])
        return (a, b)
    }

    /// The RGBA pixels of the plain pair's diff image drawn with `arguments`.
    func plainDiff(_ arguments: [String]) throws -> [[UInt8]] {
        let (a, b) = try plainPair()
        let output = folder.path + "/diff.png"
        let run = try ToolRun.pinboard(["diff", "-o", output] + arguments + [a, b])
        #expect(run.status == 1, "\(run.stderr)")
        let pixels = try PNGDecoder.decode(path: output).pixels
        return stride(from: 0, to: pixels.count, by: 4).map { Array(pixels[$0..<$0 + 4]) }
    }

    @Test("--diff-fade F moves unchanged pixels F of the way to white, rounded half up; the change in --diff-color", arguments: [
        ([String](), [191, 191, 191, 255], [216, 216, 216, 255], [255, 0, 80, 255]),
        (["--diff-fade", "0"], [0, 0, 0, 255], [100, 100, 100, 255], [255, 0, 80, 255]),
        (["--diff-fade", "1"], [255, 255, 255, 255], [255, 255, 255, 255], [255, 0, 80, 255]),
        (["--diff-fade", "0.5", "--diff-color", "#00ff00"], [128, 128, 128, 255], [178, 178, 178, 255], [0, 255, 0, 255]),
        (["--diff-color", "0000ff80"], [191, 191, 191, 255], [216, 216, 216, 255], [0, 0, 255, 128]),
    ])
    func fadeAndColor(arguments: [String], black: [UInt8], grey: [UInt8], changed: [UInt8]) throws {
        #expect(try plainDiff(arguments) == [black, changed, grey])
    }

    @Test("--diff-mask draws only the changed pixel, everything else transparent")
    func mask() throws {
        #expect(try plainDiff(["--diff-mask"]) == [[0, 0, 0, 0], [255, 0, 80, 255], [0, 0, 0, 0]])
        #expect(try plainDiff(["--diff-mask", "--diff-color", "#ff0000"]) == [[0, 0, 0, 0], [255, 0, 0, 255], [0, 0, 0, 0]])
    }

    @Test("--aa-color paints the anti-aliased pixels; --diff-mask leaves them out, as pixelmatch's diffMask does")
    func antialiasedColor() throws {
        let a = folder.path + "/a.png"
        let b = folder.path + "/b.png"
        for (path, samples) in [(a, 4), (b, 16)] {
            let disc = InkedCoverage.disc(size: 40, centerX: 19.5, centerY: 20.3, radius: 13, samples: samples)
            let writer = try PNGWriter(to: .path(path), width: 40, height: 40, channels: .rgba)
            try disc.withUnsafeBytes { try writer.write(rows: $0, stride: 160, count: 40) }
            try writer.finish()
        }
        let output = folder.path + "/diff.png"
        func colours(_ arguments: [String]) throws -> Set<[UInt8]> {
            let run = try ToolRun.pinboard(["diff", "--ignore-antialiasing", "-o", output] + arguments + [a, b])
            #expect(run.status == 0, "\(run.stderr)")
            let pixels = try PNGDecoder.decode(path: output).pixels
            return Set(stride(from: 0, to: pixels.count, by: 4).map { Array(pixels[$0..<$0 + 4]) })
        }
        let blue = try colours(["--aa-color", "#0000ff"])
        #expect(blue.contains([0, 0, 255, 255]))
        #expect(!blue.contains([255, 208, 0, 255]))
        #expect(try colours([]).contains([255, 208, 0, 255]))
        #expect(try colours(["--aa-color", "#0000ff", "--diff-mask"]) == [[0, 0, 0, 0]])
    }

    @Test("On a sheet: --diff-fade fades the changed tile's unchanged pixels too; --diff-mask leaves only its changes")
    func sheet() throws {
        let a = try sheet(of: try photos("a"), named: "a.png")
        let photosB = try photos("b")
        // One pixel of the grey tile made red; the tile's corner, far from it, stays grey.
        try Self.writePNG(photosB + "/grey-30x20.png", width: 30, height: 20, background: [90, 90, 90], pixels: [(15, 10, [255, 0, 0])])
        let b = try sheet(of: photosB, named: "b.png")
        let manifest = try #require(try EmbeddedManifest.read(sheet: b))
        let grey = try #require(manifest.items.first { $0.pairingKey == "grey-30x20.png" })
        let red = try #require(manifest.items.first { $0.pairingKey == "red-40x30.png" })
        let sheetB = try PNGDecoder.decode(path: b)
        let output = folder.path + "/diff.png"
        func drawn(_ arguments: [String]) throws -> (pixel: (Int, Int) -> [UInt8], colours: Set<[UInt8]>) {
            let run = try ToolRun.pinboard(["diff", "-o", output] + arguments + [a, b])
            #expect(run.status == 1, "\(run.stderr)")
            let image = try PNGDecoder.decode(path: output)
            let colours = Set(stride(from: 0, to: image.pixels.count, by: 4).map { Array(image.pixels[$0..<$0 + 4]) })
            return ({ x, y in Array(image.pixels[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 4]) }, colours)
        }
        func inB(_ x: Int, _ y: Int) -> [UInt8] {
            Array(sheetB.pixels[(y * sheetB.width + x) * 4..<(y * sheetB.width + x) * 4 + 4])
        }
        let corner = (grey.x + 1, grey.y + 1)
        #expect(try drawn(["--diff-color", "#00ff00"]).colours.contains([0, 255, 0, 255]))
        #expect(try drawn([]).pixel(corner.0, corner.1) == inB(corner.0, corner.1), "a marked tile is drawn as it is by default")
        #expect(try drawn(["--diff-fade", "1"]).pixel(corner.0, corner.1) == [255, 255, 255, 255])
        #expect(try drawn(["--diff-fade", "0"]).pixel(red.x + 1, red.y + 1) == inB(red.x + 1, red.y + 1), "an unchanged tile as in B")
        let mask = try drawn(["--diff-mask"])
        #expect(mask.colours == [[0, 0, 0, 0], [255, 0, 80, 255]])
    }

    @Test("The HTML report's diff crops are drawn in the same style")
    func reportCrops() throws {
        let (a, b) = try plainPair()
        let html = folder.path + "/report"
        let run = try ToolRun.pinboard(["diff", "--html", html, "--diff-mask", "--diff-color", "#123456", a, b])
        #expect(run.status == 1)
        let crops = try FileManager.default.contentsOfDirectory(atPath: html + "/images").filter { $0.hasSuffix("-diff.png") }
        let crop = try PNGDecoder.decode(path: html + "/images/" + (try #require(crops.first)))
        let pixels = stride(from: 0, to: crop.pixels.count, by: 4).map { Array(crop.pixels[$0..<$0 + 4]) }
        #expect(Set(pixels) == [[0, 0, 0, 0], [0x12, 0x34, 0x56, 255]])
    }

    @Test("A --diff-fade outside 0…1 or a colour that is none is a usage error, exit 2", arguments: [
        ["--diff-fade", "1.5"], ["--diff-fade", "-0.1"], ["--diff-color", "reddish"], ["--aa-color", "#12"],
    ])
    func diffImageUsage(arguments: [String]) throws {
        let run = try ToolRun.pinboard(["diff"] + arguments + ["a.png", "b.png"])
        #expect(run.status == 2)
        #expect(run.stderr.hasSuffix("See 'pinboard diff --help'.\n"))
    }
}
