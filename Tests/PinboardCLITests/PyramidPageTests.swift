import Foundation
import ImageInput
import PNGCodec
import SheetManifest
import Testing
import TestSupport

/// `pinboard … -o board.dzi --html board.html`: the page that pans and zooms the pyramid,
/// opened in headless Chromium from `file://` with the network off, its screenshots
/// compared with the PNG sheet of the same board shrunk by a box filter.
@Suite("The board page of a pyramid")
struct PyramidPageTests {
    static let window = (width: 800, height: 600)

    /// The photos and a file with a hostile name, as a pyramid with its page and as a PNG.
    struct Board {
        let folder: TemporaryFolder
        let manifest: Manifest
        let sheet: RGBAImage
        var page: String { folder.path + "/site/board.html" }

        init() throws {
            folder = try TemporaryFolder()
            let photos = try folder.folder("photos")
            for name in try FileManager.default.contentsOfDirectory(atPath: Fixture.path("photos"))
            where !name.hasSuffix(".md") && name != "golden" {
                try Fixture.copy("photos/" + name, to: photos + "/" + name)
            }
            try Fixture.copy("solid/grey-30x20.png", to: photos + "/" + ReportCommandTests.hostile)
            try folder.folders("site")
            let options = ["photos", "-w", "1600", "-c", "4", "--quiet"]
            let pyramid = try ToolRun.pinboard(options + ["-o", "site/board.dzi", "--html", "site/board.html"], in: folder.path)
            try #require(pyramid.status == 0, "\(pyramid.stderr)")
            let png = try ToolRun.pinboard(options + ["-o", "board.png"], in: folder.path)
            try #require(png.status == 0, "\(png.stderr)")
            manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: folder.path + "/site/board.manifest.json")))
            sheet = try PNGDecoder.decode(path: folder.path + "/board.png")
        }

        /// The scale of the fitted view: the whole sheet in the window.
        var fit: Double { min(Double(window.width) / Double(manifest.width), Double(window.height) / Double(manifest.height)) }

        /// What the window shows at `scale` with sheet point (`x`, `y`) at its centre, each
        /// screen pixel the average of the sheet's pixels under it, and which screen pixels
        /// lie wholly on the sheet.
        func expected(scale: Double, x: Double, y: Double) -> (image: [UInt8], inside: [Bool]) {
            let left = Double(window.width) / 2 - x * scale, top = Double(window.height) / 2 - y * scale
            var image = [UInt8](repeating: 0, count: window.width * window.height * 4)
            var inside = [Bool](repeating: false, count: window.width * window.height)
            func footprint(_ screen: Int, _ origin: Double, _ length: Int) -> Range<Int>? {
                let from = (Double(screen) - origin) / scale, to = (Double(screen + 1) - origin) / scale
                guard from >= 1, to <= Double(length - 1) else { return nil }
                let low = Int(from.rounded(.down))
                return low..<max(low + 1, Int(to.rounded(.up)))
            }
            for row in 0..<window.height {
                guard let ys = footprint(row, top, manifest.height) else { continue }
                for column in 0..<window.width {
                    guard let xs = footprint(column, left, manifest.width) else { continue }
                    inside[row * window.width + column] = true
                    for channel in 0..<4 {
                        var sum = 0
                        for sy in ys { for sx in xs { sum += Int(sheet.pixels[(sy * sheet.width + sx) * 4 + channel]) } }
                        image[(row * window.width + column) * 4 + channel] = UInt8((sum + ys.count * xs.count / 2) / (ys.count * xs.count))
                    }
                }
            }
            return (image, inside)
        }

        /// PSNR of a screenshot against `expected` over the pixels wholly on the sheet.
        func psnr(of shot: RGBAImage, scale: Double, x: Double, y: Double) -> Double {
            let (image, inside) = expected(scale: scale, x: x, y: y)
            var taken: [UInt8] = [], wanted: [UInt8] = []
            for index in inside.indices where inside[index] {
                taken.append(contentsOf: shot.pixels[(index * 4)..<(index * 4 + 3)])
                wanted.append(contentsOf: image[(index * 4)..<(index * 4 + 3)])
            }
            return PixelComparison.psnr(taken, wanted)
        }

        /// The levels of the pyramid tiles the DOM holds.
        static func levels(in dom: String) -> Set<Int> {
            Set(dom.components(separatedBy: "src=\"./board_files/").dropFirst().compactMap { Int($0.prefix { $0 != "/" }) })
        }

        var topLevel: Int { Int(log2(Double(max(manifest.width, manifest.height))).rounded(.up)) }
    }

    @Test("The page is one file that names nothing on the network, with the pyramid's fields and a link per tile")
    func pageText() throws {
        let board = try Board()
        let page = try String(contentsOfFile: board.page, encoding: .utf8)
        #expect(!page.contains("://") && !page.contains("\"//"))
        #expect(!page.contains("<link") && !page.contains("<script src"))
        #expect(page.contains("data-width=\"1600\" data-height=\"\(board.manifest.height)\" data-levels=\"\(board.topLevel + 1)\" "
            + "data-tile-size=\"254\" data-overlap=\"1\" data-format=\"jpeg\" data-tiles=\"./board_files/\""))
        #expect(Chromium.count("<a href=\"../photos/", in: page) == board.manifest.items.count)
        #expect(!page.contains(ReportCommandTests.hostile))
    }

    @Test("In Chromium, the page opens on the whole board, with a link per tile and every name as text",
          .enabled(if: Chromium.path != nil, Chromium.absence))
    func fitted() throws {
        let board = try Board()
        let shot = try Chromium.screenshot(of: board.page, width: Self.window.width, height: Self.window.height)
        let psnr = board.psnr(of: shot, scale: board.fit, x: Double(board.manifest.width) / 2, y: Double(board.manifest.height) / 2)
        #expect(psnr >= 25, "\(psnr) dB")

        let dom = try Chromium.dumpDOM(of: board.page)
        #expect(Board.levels(in: dom) == [board.topLevel + Int(log2(board.fit).rounded(.up))])
        #expect(Chromium.count("<a href=", in: dom) == board.manifest.items.count)
        #expect(dom.contains("title=\"&lt;img src=x onerror=alert(1)&gt;.png\""))
        #expect(dom.contains("<span>&lt;img src=x onerror=alert(1)&gt;.png</span>"))
        #expect(!dom.contains("onerror=\"") && !dom.contains("src=\"x\""))
    }

    @Test("In Chromium, #zoom=4&x=…&y=… draws the full-size level's tiles of that region, and links the tiles in view",
          .enabled(if: Chromium.path != nil, Chromium.absence))
    func zoomed() throws {
        let board = try Board()
        let (x, y) = (500.0, Double(board.manifest.height) / 3)
        let fragment = "zoom=4&x=\(Int(x))&y=\(Int(y))"
        let scale = 4 * board.fit
        let shot = try Chromium.screenshot(of: board.page, fragment: fragment, width: Self.window.width, height: Self.window.height)
        let psnr = board.psnr(of: shot, scale: scale, x: x, y: y)
        #expect(psnr >= 25, "\(psnr) dB")

        let dom = try Chromium.dumpDOM(of: board.page, fragment: fragment)
        #expect(Board.levels(in: dom) == [board.topLevel])
        let (left, top) = (x - Double(Self.window.width) / 2 / scale, y - Double(Self.window.height) / 2 / scale)
        let (right, bottom) = (x + Double(Self.window.width) / 2 / scale, y + Double(Self.window.height) / 2 / scale)
        let visible = board.manifest.items.filter {
            Double($0.x) < right && Double($0.x + $0.width) > left && Double($0.y) < bottom && Double($0.y + $0.height) > top
        }
        try #require(!visible.isEmpty && visible.count < board.manifest.items.count)
        #expect(Chromium.count("<a href=", in: dom) == visible.count)
        for item in visible where !item.source.contains("<") {
            let name = (item.source as NSString).lastPathComponent
            #expect(dom.contains("<a href=\"../photos/\(name)\" title=\"\(name)\""), "\(name)")
        }
    }
}
