import Foundation
import Geometry
import Layout
import Pinboard
import Raster
import TestSupport
import Testing

/// Captions and the title on the sheet: every pixel they draw stays inside its cell or band.
@Suite("Captions and title")
struct LetteringTests {
    static func options(label: LabelMode, title: String?) -> SheetOptions {
        var options = SheetOptions(breadth: 200, lanes: 3, padding: 3, margin: 4)
        options.label = label
        options.title = title
        options.labelSize = 11
        options.fontPath = Fixture.path("fonts/DejaVuSans.ttf")
        options.background = Color(red: 250, green: 250, blue: 250)
        return options
    }

    @Test("Every caption pixel is inside its caption line, and every caption draws", arguments: [LabelMode.name, .stem])
    func captionsStayInside(label: LabelMode) throws {
        let options = Self.options(label: label, title: "Solid fixtures ✓ 📷")
        let sheet = try SheetComposer.compose(inputs: [Fixture.path("solid")], options: options)
        let manifest = sheet.manifest
        #expect(manifest.labelHeight > 11 && manifest.titleHeight > 22)
        let cells = manifest.items.map { Rect(x: $0.x, y: $0.y, width: $0.width, height: $0.height + manifest.labelHeight) }
        let titleBand = Rect(x: manifest.margin, y: manifest.margin, width: manifest.width - 2 * manifest.margin, height: manifest.titleHeight)
        var inked = Array(repeating: false, count: cells.count)
        var titleInked = false
        for y in 0..<sheet.height {
            for x in 0..<sheet.width where sheet.color(x: x, y: y) != options.background {
                let point = Rect(x: x, y: y, width: 1, height: 1)
                if titleBand.intersects(point) { titleInked = true; continue }
                guard let cell = cells.firstIndex(where: { $0.intersects(point) }) else {
                    Issue.record("pixel (\(x), \(y)) drawn outside every cell and the title")
                    return
                }
                if y >= manifest.items[cell].y + manifest.items[cell].height { inked[cell] = true }
            }
        }
        #expect(titleInked)
        // The fully transparent fixture draws no image, but its caption still draws.
        #expect(inked.allSatisfy { $0 }, "captions without ink: \(zip(manifest.items, inked).filter { !$1 }.map(\.0.source))")
    }

    @Test("Section headers name their folders inside their bands; every tile lies in its section")
    func sections() throws {
        let folder = try TemporaryFolder()
        for (sub, names) in [("beach", ["red-40x30.png", "blue-64x16.png"]), ("city", ["green-18x60.png", "grey-30x20.png", "yellow-25x25.png"])] {
            try FileManager.default.createDirectory(atPath: folder.path + "/" + sub, withIntermediateDirectories: true)
            for name in names { try Fixture.copy("solid/" + name, to: folder.path + "/" + sub + "/" + name) }
        }
        var options = Self.options(label: .none, title: nil)
        options.recursive = true
        options.grouping = .folder
        let sheet = try SheetComposer.compose(inputs: [folder.path], options: options)
        let manifest = sheet.manifest
        #expect(manifest.sections.map(\.name) == ["beach", "city"])
        #expect(manifest.sections.map(\.start) == [0, 2])
        let bands = manifest.sections.map(\.header)
        var inked = Array(repeating: false, count: bands.count)
        for y in 0..<sheet.height {
            for x in 0..<sheet.width where sheet.color(x: x, y: y) != options.background {
                let point = Rect(x: x, y: y, width: 1, height: 1)
                if let band = bands.firstIndex(where: { $0.intersects(point) }) { inked[band] = true; continue }
                #expect(manifest.items.contains { $0.rect.intersects(point) }, "pixel (\(x), \(y)) outside tiles and headers")
            }
        }
        #expect(inked == [true, true])
        for (index, item) in manifest.items.enumerated() {
            let section = index < 2 ? 0 : 1
            #expect(item.y >= bands[section].maxY)
            if section == 0 { #expect(item.y + item.height <= bands[1].y) }
        }
    }

    @Test("Pages of a sectioned board open with their section's header again")
    func pagedSections() throws {
        let folder = try TemporaryFolder()
        for (sub, names) in [("a", ["red-40x30.png", "blue-64x16.png", "grey-30x20.png"]), ("b", ["green-18x60.png", "yellow-25x25.png"])] {
            try FileManager.default.createDirectory(atPath: folder.path + "/" + sub, withIntermediateDirectories: true)
            for name in names { try Fixture.copy("solid/" + name, to: folder.path + "/" + sub + "/" + name) }
        }
        var options = Self.options(label: .none, title: nil)
        options.recursive = true
        options.grouping = .folder
        options.lanes = 1
        let plan = try SheetPlanner.plan(inputs: [folder.path], options: options)
        let pages = try SheetPlanner.pages(of: plan, maxLength: 200)
        #expect(pages.count > 1)
        #expect(pages.flatMap { $0.sources.map(\.path) } == plan.sources.map(\.path))
        for page in pages {
            let manifest = page.manifest
            #expect(manifest.sections.first?.start == 0)
            let folderOfFirst = page.sources[0].path.split(separator: "/").dropLast().last.map(String.init)
            #expect(manifest.sections.first?.name == folderOfFirst)
            #expect(manifest.height <= 200 || manifest.items.count == 1)
        }
    }

    @Test("A missing font is a clear error")
    func missingFont() {
        var options = Self.options(label: .name, title: nil)
        options.fontPath = "/no/such/font.ttf"
        let error = #expect(throws: PinboardError.self) { try SheetPlanner.plan(inputs: [Fixture.path("solid")], options: options) }
        // The font's error, naming it: not, say, the inputs' (a missing `solid` folder is `.noImages`).
        switch error {
        case .font(.unusable(.cannotOpenFont(let path, _, _)))?: #expect(path == "/no/such/font.ttf")
        default: Issue.record("expected the font's error, got \(String(describing: error))")
        }
    }
}
