import Foundation
import Pinboard
import SheetOutput
import TestSupport
import Testing

/// Every output format as Python test suites read it: Pillow (13, from PyPI, in the fixture
/// scripts' own environment) opens each sheet at the PNG sheet's size, reads the lossless
/// ones' pixels exactly, and finds pinboard's lossy JPEG and WebP at least as close to the
/// PNG as its own encoder at the same quality (and subsampling), and no larger.
@Suite("Sheets of every format, read by Pillow")
struct PillowFormatTests {
    /// Prints, for the PNG at argv[1] and each other sheet after it: width, height, whether
    /// the pixels equal the PNG's, the PSNR against the PNG, the size without what Pillow's
    /// own file lacks (the sRGB profile and the manifest: JPEG's APP2 and APP11 segments,
    /// WebP's ICCP and PBMF chunks and the VP8X header they need); then, for each lossy sheet, Pillow's own encoding of the
    /// PNG at the same settings: its PSNR and its size.
    static let script = """
        import io, math, os, struct, sys
        from PIL import Image
        def metadata(path):
            data = open(path, "rb").read()
            extra = 0
            if path.endswith(".jpg"):
                at = 2
                while at + 4 <= len(data) and data[at] == 0xFF and data[at + 1] != 0xDA:
                    length = struct.unpack(">H", data[at + 2:at + 4])[0]
                    if data[at + 1] in (0xE2, 0xEB):
                        extra += 2 + length
                    at += 2 + length
            elif path.endswith(".webp"):
                at = 12
                while at + 8 <= len(data):
                    size = struct.unpack("<I", data[at + 4:at + 8])[0]
                    if data[at:at + 4] in (b"VP8X", b"ICCP", b"PBMF"):
                        extra += 8 + size + (size & 1)
                    at += 8 + size + (size & 1)
            return extra
        png = Image.open(sys.argv[1]).convert("RGB")
        def psnr(a, b):
            pa, pb = a.tobytes(), b.tobytes()
            se = sum((x - y) ** 2 for x, y in zip(pa, pb))
            return 99.0 if se == 0 else 10 * math.log10(255 * 255 * len(pa) / se)
        for path in sys.argv[2:]:
            image = Image.open(path); image.load()
            rgb = image.convert("RGB")
            line = [path.rsplit(".", 1)[1], str(image.width), str(image.height), str(rgb.tobytes() == png.tobytes()),
                    "%.2f" % psnr(rgb, png), str(os.path.getsize(path) - metadata(path))]
            own = io.BytesIO()
            if path.endswith(".jpg"):
                png.save(own, format="JPEG", quality=90, subsampling="4:2:0")
            elif path.endswith(".webp") and image.info.get("lossless") is not True:
                png.save(own, format="WEBP", quality=90)
            if own.tell():
                line += ["%.2f" % psnr(Image.open(own).convert("RGB"), png), str(own.tell())]
            print(" ".join(line))
        """

    @Test("Pillow opens every format at the PNG's size; lossless is exact; lossy beats or matches Pillow's own")
    func everyFormat() throws {
        let folder = try TemporaryFolder()
        let photos = Fixture.path("photos")
        var options = SheetOptions(breadth: 480, lanes: 3)
        let png = folder.path + "/sheet.png"
        _ = try SheetComposer.write(SheetPlanner.plan(inputs: [photos], options: options), to: png)
        var others: [String] = []
        for (ending, lossless) in [("jpg", false), ("webp", false), ("webp", true), ("avif", true), ("tif", true)] {
            options.encoding.format = try #require(SheetFormat(fileName: "x." + ending))
            options.encoding.lossless = lossless
            let path = folder.path + "/sheet\(lossless ? "-lossless" : "")." + ending
            _ = try SheetComposer.write(SheetPlanner.plan(inputs: [photos], options: options), to: path)
            others.append(path)
        }
        let (status, output) = try Pillow.run(Self.script, [png] + others)
        try #require(status == 0, "Pillow's script failed")
        let rows = output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        try #require(rows.count == others.count, "Pillow printed: \(output)")
        let size = try SheetPlanner.plan(inputs: [photos], options: options).sheet
        for (path, row) in zip(others, rows) {
            #expect(row[1] == String(size.width) && row[2] == String(size.height), "\(path): \(row)")
            if path.contains("lossless") || path.hasSuffix(".tif") || path.hasSuffix(".avif") {
                #expect(row[3] == "True", "\(path) is not the PNG's pixels: \(row)")
            } else {
                let (mine, theirs) = (try #require(Double(row[4])), try #require(Double(row[6])))
                #expect(mine >= theirs - 0.05, "\(path): \(mine) dB against Pillow's \(theirs) dB")
                #expect(Int(row[5]) ?? .max <= (Int(row[7]) ?? 0), "\(path): \(row[5]) bytes against Pillow's \(row[7])")
            }
        }
    }
}
