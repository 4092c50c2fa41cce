import Differences
import Foundation
import Geometry
import Layout
import PNGCodec
import Pinboard
import PinboardCompare
import Raster
import SheetManifest
import SheetOutput
import TestSupport
import Testing

/// `SheetComparer` on sheets whose differences are known exactly: one-colour sources, so a
/// recoloured source changes every pixel of its tile by the difference of the two colours.
@Suite("Sheet comparison")
struct SheetComparerTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// Red, green, blue, yellow and grey: five tiles of different shapes, all 48 wide: lanes of
    /// one width, so a tile that moves to another lane keeps its size.
    static let base = Array(SolidFixture.opaque.prefix(5))
    static let red = SolidFixture.opaque[0]
    static let green = SolidFixture.opaque[1]
    static let yellow = SolidFixture.opaque[3]
    static let purple = SolidFixture.opaque[5]
    /// What red is recoloured to: 20 less red, 60 more green, the same blue.
    static let recoloured = Color(red: 200, green: 90, blue: 40)

    static func options(background: Color = .white) -> SheetOptions {
        SheetOptions(lanes: 3, laneBreadth: 48, padding: 2, margin: 4, background: background, jobs: 2)
    }

    /// Makes the folder `name` holding copies of `fixtures` under their own names.
    func photos(_ name: String, _ fixtures: [SolidFixture]) throws -> String {
        let path = folder.path + "/" + name
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for fixture in fixtures {
            try Fixture.copy("solid/" + fixture.name, to: path + "/" + fixture.name)
        }
        return path
    }

    /// Writes the sheet of `photos` as `name` in the temporary folder.
    func sheet(
        of photos: String, named name: String, options: SheetOptions = options()
    ) throws -> (path: String, manifest: Manifest) {
        let path = folder.path + "/" + name
        let plan = try SheetPlanner.plan(inputs: [photos], options: options)
        return (path, try SheetComposer.write(plan, to: path).manifest)
    }

    /// The item of the source named `name` in a manifest.
    static func item(_ name: String, in manifest: Manifest) throws -> Manifest.Item {
        try #require(manifest.items.first { $0.pairingKey == name }, "no \(name) in the manifest")
    }

    /// A channel faded as `DiffPaint.fade` promises: three quarters of the way to white, rounded half up.
    static func faded(_ channel: UInt8) -> UInt8 {
        channel + UInt8((3 * (255 - Int(channel)) + 2) / 4)
    }

    static func faded(_ color: Color) -> Color {
        Color(red: faded(color.red), green: faded(color.green), blue: faded(color.blue))
    }

    // MARK: Tiles

    /// The two sides of an identical comparison: files, or sheets composed in memory.
    enum Sides: String, CaseIterable, CustomTestStringConvertible {
        case files, composedAndFile, composed
        var testDescription: String { rawValue }
    }

    @Test("Sheets of the same sources are identical: every tile unchanged", arguments: Sides.allCases)
    func identical(sides: Sides) throws {
        let photos = try photos("photos", Self.base)
        let a = try sheet(of: photos, named: "a.png")
        let b = try sheet(of: photos, named: "b.png")
        let composed = try SheetComposer.compose(inputs: [photos], options: Self.options())
        let (sideA, sideB): (ComparedSheet, ComparedSheet) = switch sides {
        case .files: (.file(a.path), .file(b.path))
        case .composedAndFile: (.composed(composed), .file(b.path))
        case .composed: (.composed(composed), .composed(composed))
        }
        let report = try SheetComparer.compare(sideA, sideB)
        #expect(report.mode == .tiles)
        #expect(!report.hasDifferences)
        #expect(report.unchanged == Self.base.count)
        #expect(report.changes.isEmpty && report.onlyInA.isEmpty && report.onlyInB.isEmpty && report.regions.isEmpty)
        #expect(report.total.changedPixels == 0 && report.total.maxChannelDifference == 0)
        #expect(report.total.pixelCount == a.manifest.items.reduce(0) { $0 + $1.width * $1.height })
        #expect(report.total.psnr == nil)
        #expect(report.diffSheet == nil)
    }

    @Test("One recoloured source: exactly its tile changed, every pixel, by the colours' difference")
    func oneChanged() throws {
        let a = try sheet(of: try photos("a", Self.base), named: "a.png")
        let photosB = try photos("b", Self.base)
        try SolidPNG.write(photosB + "/" + Self.red.name, width: Self.red.width, height: Self.red.height, color: Self.recoloured)
        let b = try sheet(of: photosB, named: "b.png")
        let itemA = try Self.item(Self.red.name, in: a.manifest)
        let itemB = try Self.item(Self.red.name, in: b.manifest)
        #expect(itemA.rect == itemB.rect && itemA.sha256 != itemB.sha256)

        let report = try SheetComparer.compare(a.path, b.path)
        #expect(report.hasDifferences)
        #expect(report.unchanged == Self.base.count - 1)
        #expect(report.onlyInA.isEmpty && report.onlyInB.isEmpty)
        try #require(report.changes.count == 1)
        let change = report.changes[0]
        #expect(change.name == Self.red.name)
        #expect(change.a == ComparedImage(name: Self.red.name, source: itemA.source, rect: itemA.rect,
                                          size: Size(width: itemA.width, height: itemA.height), sha256: itemA.sha256))
        #expect(change.a.sha256 != change.b.sha256)
        #expect(change.b.source == itemB.source && change.b.rect == itemB.rect)
        #expect(!change.isResized)
        let difference = try #require(change.difference)
        let pixels = itemB.width * itemB.height
        #expect(difference.pixelCount == pixels)
        #expect(difference.changedPixels == pixels)
        #expect(difference.maxChannelDifference == 60)
        // Each pixel: 20² + 60² + 0² + 0² = 4000, a mean square of 1000 over four channels.
        #expect(difference.squaredError == UInt64(4000 * pixels))
        let psnr = try #require(difference.psnr)
        #expect(abs(psnr - 10 * Foundation.log10(65025.0 / 1000)) < 1e-9)
        #expect(abs(psnr - 18.130_803_6) < 1e-6)
        #expect(report.total.changedPixels == pixels)
        #expect(report.total.pixelCount == b.manifest.items.reduce(0) { $0 + $1.width * $1.height })
    }

    @Test("The threshold decides: a difference of 60 counts below 60 and not from 60",
          arguments: [(0, true), (1, true), (59, true), (60, false), (61, false), (255, false)])
    func threshold(threshold: Int, changed: Bool) throws {
        let a = try sheet(of: try photos("a", Self.base), named: "a.png")
        let photosB = try photos("b", Self.base)
        try SolidPNG.write(photosB + "/" + Self.red.name, width: Self.red.width, height: Self.red.height, color: Self.recoloured)
        let b = try sheet(of: photosB, named: "b.png")
        let report = try SheetComparer.compare(a.path, b.path, threshold: threshold)
        #expect(report.threshold == threshold)
        #expect(report.hasDifferences == changed)
        #expect(report.changes.map(\.name) == (changed ? [Self.red.name] : []))
        #expect(report.unchanged == Self.base.count - (changed ? 1 : 0))
        // The statistics are the same either way; only what counts as changed moves.
        #expect(report.total.maxChannelDifference == 60)
        let item = try Self.item(Self.red.name, in: b.manifest)
        #expect(report.total.changedPixels == (changed ? item.width * item.height : 0))
    }

    @Test("A source removed and another added: both named, the other tiles unchanged though moved")
    func addedAndRemoved() throws {
        let a = try sheet(of: try photos("a", Self.base), named: "a.png")
        let b = try sheet(of: try photos("b", Self.base.filter { $0.name != Self.green.name } + [Self.purple]), named: "b.png")
        let moved = try Self.base.filter { $0.name != Self.green.name }.filter { fixture in
            try Self.item(fixture.name, in: a.manifest).rect != Self.item(fixture.name, in: b.manifest).rect
        }
        try #require(!moved.isEmpty, "no tile moved: the case does not test pairing across positions")

        let report = try SheetComparer.compare(a.path, b.path)
        #expect(report.hasDifferences)
        #expect(report.onlyInA.map(\.name) == [Self.green.name])
        #expect(report.onlyInB.map(\.name) == [Self.purple.name])
        #expect(report.onlyInA.first?.rect == (try Self.item(Self.green.name, in: a.manifest)).rect)
        #expect(report.onlyInB.first?.rect == (try Self.item(Self.purple.name, in: b.manifest)).rect)
        #expect(report.changes.isEmpty, "\(report.changes.map(\.name))")
        #expect(report.unchanged == Self.base.count - 1)
    }

    @Test("Photographs that all moved still compare equal, tile for tile")
    func movedPhotographs() throws {
        let samples = (1...5).map { String(format: "img%05d.png", $0) }
        let photosA = folder.path + "/a"
        let photosB = folder.path + "/b"
        try FileManager.default.createDirectory(atPath: photosA, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: photosB, withIntermediateDirectories: true)
        for name in samples { try Fixture.copy("samples/" + name, to: photosA + "/" + name) }
        for name in samples.dropFirst() { try Fixture.copy("samples/" + name, to: photosB + "/" + name) }
        var options = Self.options()
        options.lanes = 2
        let a = try sheet(of: photosA, named: "a.png", options: options)
        let b = try sheet(of: photosB, named: "b.png", options: options)
        for name in samples.dropFirst() {
            #expect(try Self.item(name, in: a.manifest).rect != Self.item(name, in: b.manifest).rect, "\(name) did not move")
        }
        let report = try SheetComparer.compare(a.path, b.path)
        #expect(report.onlyInA.map(\.name) == [samples[0]])
        #expect(report.onlyInB.isEmpty)
        #expect(report.changes.isEmpty, "\(report.changes.map(\.name))")
        #expect(report.unchanged == samples.count - 1)
    }

    @Test("A source replaced by another shape is a resized change compared over the common area, padding hatched")
    func resized() throws {
        let a = try sheet(of: try photos("a", Self.base), named: "a.png")
        let photosB = try photos("b", Self.base)
        try SolidPNG.write(photosB + "/" + Self.yellow.name, width: 25, height: 40, color: Self.yellow.color)
        let b = try sheet(of: photosB, named: "b.png")
        let report = try SheetComparer.compare(.file(a.path), .file(b.path), diffSheet: .memory)
        #expect(report.hasDifferences)
        try #require(report.changes.count == 1)
        let change = report.changes[0]
        #expect(change.name == Self.yellow.name)
        #expect(change.isResized)
        #expect(change.kind == .resized)
        #expect(change.fails)
        let itemA = try Self.item(Self.yellow.name, in: a.manifest)
        let itemB = try Self.item(Self.yellow.name, in: b.manifest)
        #expect(change.a.size == Size(width: itemA.width, height: itemA.height))
        #expect(change.b.size == Size(width: itemB.width, height: itemB.height))
        #expect(change.a.size != change.b.size)
        #expect(report.unchanged == Self.base.count - 1)

        let diff = try #require(report.diffSheet)
        #expect(diff.color(x: itemB.x, y: itemB.y) == DiffPaint.resizedColor)
        #expect(diff.color(x: itemB.rect.maxX - 1, y: itemB.rect.maxY - 1) == DiffPaint.resizedColor)
        #expect(diff.color(x: itemB.x + itemB.width / 2, y: itemB.y + itemB.height / 2) == Self.yellow.color)
    }

    @Test("The same files drawn in lanes one pixel wider are rescaled, not changed")
    func rescaled() throws {
        let photos = try photos("photos", Self.base)
        var wider = Self.options()
        wider.laneBreadth = 49
        let a = try sheet(of: photos, named: "a.png")
        let b = try sheet(of: photos, named: "b.png", options: wider)
        let report = try SheetComparer.compare(.file(a.path), .file(b.path), diffSheet: .memory)
        #expect(!report.hasDifferences)
        #expect(report.changes.isEmpty)
        #expect(report.rescaled.map(\.name) == b.manifest.items.map(\.pairingKey))
        #expect(report.rescaled.allSatisfy { $0.b.size.width == $0.a.size.width + 1 && $0.a.sha256 == $0.b.sha256 })
        // Nothing to look at: the rescaled tiles are faded like unchanged ones.
        let diff = try #require(report.diffSheet)
        let item = try Self.item(Self.red.name, in: b.manifest)
        #expect(diff.color(x: item.x, y: item.y) == Self.faded(Self.red.color))
    }

    @Test("A file both changed and drawn at another size is a resized change")
    func changedAndRescaled() throws {
        let a = try sheet(of: try photos("a", Self.base), named: "a.png")
        let photosB = try photos("b", Self.base)
        try SolidPNG.write(photosB + "/" + Self.red.name, width: 40, height: 30, color: Self.recoloured)
        var wider = Self.options()
        wider.laneBreadth = 49
        let b = try sheet(of: photosB, named: "b.png", options: wider)
        let report = try SheetComparer.compare(a.path, b.path)
        #expect(report.hasDifferences)
        #expect(report.changes.map(\.name) == [Self.red.name])
        #expect(report.changes.first?.isResized == true)
        #expect(report.rescaled.count == Self.base.count - 1)
    }

    @Test("Sheets of two folders with other names pair their tiles by file name")
    func pairsByName() throws {
        let a = try sheet(of: try photos("before", Self.base), named: "a.png")
        let b = try sheet(of: try photos("after", Self.base), named: "b.png")
        #expect(Set(a.manifest.items.map(\.source)).isDisjoint(with: b.manifest.items.map(\.source)))
        let report = try SheetComparer.compare(a.path, b.path)
        #expect(!report.hasDifferences)
        #expect(report.unchanged == Self.base.count)
        #expect(report.onlyInA.isEmpty && report.onlyInB.isEmpty)
    }

    @Test("Layouts that differ around equal tiles are not a difference")
    func layoutOnly() throws {
        let photos = try photos("photos", Self.base)
        let narrow = Self.options()
        var wide = narrow
        wide.lanes = 2
        wide.margin = 10
        let a = try sheet(of: photos, named: "a.png", options: narrow)
        let b = try sheet(of: photos, named: "b.png", options: wide)
        #expect(a.manifest.width != b.manifest.width)
        let report = try SheetComparer.compare(a.path, b.path)
        #expect(report.changes.isEmpty && report.onlyInA.isEmpty && report.onlyInB.isEmpty)
        #expect(report.unchanged == Self.base.count)
        #expect(!report.hasDifferences)
    }

    // MARK: Diff sheets

    @Test("The diff sheet fades what did not change, paints changed pixels and frames added tiles")
    func diffSheetInMemory() throws {
        let background = Color(red: 0x33, green: 0x66, blue: 0x99)
        let options = Self.options(background: background)
        let a = try sheet(of: try photos("a", Self.base), named: "a.png", options: options)
        let photosB = try photos("b", Self.base + [Self.purple])
        try SolidPNG.write(photosB + "/" + Self.red.name, width: Self.red.width, height: Self.red.height, color: Self.recoloured)
        let b = try sheet(of: photosB, named: "b.png", options: options)

        let report = try SheetComparer.compare(.file(a.path), .file(b.path), diffSheet: .memory)
        #expect(report.changes.map(\.name) == [Self.red.name])
        #expect(report.changes.first?.difference != nil)
        #expect(report.onlyInB.map(\.name) == [Self.purple.name])
        let diff = try #require(report.diffSheet)
        #expect(diff.width == b.manifest.width && diff.height == b.manifest.height)
        #expect(diff.format == .rgb)

        let thickness = 3
        var expectation = SheetExpectation(width: diff.width, height: diff.height, background: Self.faded(background))
        for item in b.manifest.items {
            let rect = item.rect
            switch item.pairingKey {
            case Self.red.name:
                expectation.expect(rect, named: "changed \(item.pairingKey)", toBe: DiffPaint.changedColor)
            case Self.purple.name:
                let inner = Rect(x: rect.x + thickness, y: rect.y + thickness,
                                 width: rect.width - 2 * thickness, height: rect.height - 2 * thickness)
                let frame = [
                    Rect(x: rect.x, y: rect.y, width: rect.width, height: thickness),
                    Rect(x: rect.x, y: rect.maxY - thickness, width: rect.width, height: thickness),
                    Rect(x: rect.x, y: inner.y, width: thickness, height: inner.height),
                    Rect(x: inner.maxX, y: inner.y, width: thickness, height: inner.height),
                ]
                for (side, part) in frame.enumerated() {
                    expectation.expect(part, named: "frame \(side) of \(item.pairingKey)", toBe: DiffPaint.addedColor)
                }
                expectation.expect(inner, named: "inside \(item.pairingKey)", toBe: Self.purple.color)
            default:
                let fixture = try #require(Self.base.first { $0.name == item.pairingKey })
                expectation.expect(rect, named: "unchanged \(item.pairingKey)", toBe: Self.faded(fixture.color))
            }
        }
        let problems = expectation.mismatches { x, y in diff.color(x: x, y: y) }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        // Spot checks of the rule itself, so a wrong helper above cannot hide a wrong sheet.
        #expect(Self.faded(Self.green.color) == Color(red: 196, green: 231, blue: 206))
        #expect(DiffPaint.changedColor == Color(red: 0xff, green: 0x00, blue: 0x50))
        #expect(DiffPaint.addedColor == Color(red: 0x00, green: 0xb0, blue: 0x50))
    }

    @Test("A diff sheet file is B's size and holds what the one in memory holds")
    func diffSheetFile() throws {
        let a = try sheet(of: try photos("a", Self.base), named: "a.png")
        let photosB = try photos("b", Self.base + [Self.purple])
        try SolidPNG.write(photosB + "/" + Self.red.name, width: Self.red.width, height: Self.red.height, color: Self.recoloured)
        let b = try sheet(of: photosB, named: "b.png")
        let output = folder.path + "/diff.png"
        let written = try SheetComparer.compare(.file(a.path), .file(b.path), diffSheet: .file(output))
        #expect(written.diffSheet == nil)
        #expect(written.changes.map(\.name) == [Self.red.name])
        let inMemory = try #require(try SheetComparer.compare(.file(a.path), .file(b.path), diffSheet: .memory).diffSheet)
        let decoded = try PNGDecoder.decode(path: output)
        #expect(decoded.width == b.manifest.width && decoded.height == b.manifest.height)
        #expect(inMemory.difference(from: decoded.pixels) == nil)
    }

    @Test("A diff sheet is not written over a compared sheet, however its path is spelled",
          arguments: ["a", "b", "a spelled with ./"])
    func diffSheetOverInput(target: String) throws {
        let a = try sheet(of: try photos("a", Self.base), named: "a.png")
        let b = try sheet(of: try photos("b", Self.base + [Self.purple]), named: "b.png")
        let output = switch target {
        case "a": a.path
        case "b": b.path
        default: folder.path + "/./a.png"
        }
        let before = (try Fixture.bytes(a.path), try Fixture.bytes(b.path))
        let error = #expect(throws: CompareError.self) {
            try SheetComparer.compare(.file(a.path), .file(b.path), diffSheet: .file(output))
        }
        guard case .sheet(.outputIsInput(let path)) = error else {
            Issue.record("expected outputIsInput, got \(String(describing: error))")
            return
        }
        #expect(path == output)
        #expect(try Fixture.bytes(a.path) == before.0)
        #expect(try Fixture.bytes(b.path) == before.1)
    }

    // MARK: Plain images

    static let plainWidth = 100
    static let plainHeight = 80

    /// A plain image of `background` with some pixels set: (x, y, colour).
    func plainImage(_ name: String, background: Color = .white, width: Int = plainWidth, height: Int = plainHeight,
                    pixels: [(Int, Int, Color)] = []) throws -> String {
        var rgb = Array([[UInt8]](repeating: [background.red, background.green, background.blue], count: width * height).joined())
        for (x, y, color) in pixels {
            rgb.replaceSubrange((y * width + x) * 3..<(y * width + x) * 3 + 3, with: [color.red, color.green, color.blue])
        }
        let path = folder.path + "/" + name
        try SolidPNG.write(path, width: width, height: height, rgb: rgb)
        return path
    }

    @Test("Identical plain images: no regions, no differences")
    func plainIdentical() throws {
        let spots = [(3, 4, Color.black), (90, 70, Color.black)]
        let a = try plainImage("a.png", pixels: spots)
        let b = try plainImage("b.png", pixels: spots)
        let report = try SheetComparer.compare(a, b)
        #expect(report.mode == .plain)
        #expect(!report.hasDifferences)
        #expect(report.regions.isEmpty)
        #expect(report.total.pixelCount == Self.plainWidth * Self.plainHeight)
        #expect(report.total.changedPixels == 0)
        #expect(report.sizeA == Size(width: Self.plainWidth, height: Self.plainHeight) && report.sizeA == report.sizeB)
    }

    @Test("Pixels changed in two spots far apart are two regions with exact boxes")
    func plainRegions() throws {
        let a = try plainImage("a.png")
        // Two pixels 2 apart at the top left; three at the bottom right, one of them only 5 off white.
        let changed: [(Int, Int, Color)] = [
            (10, 10, Color(red: 255, green: 255, blue: 0)), (12, 11, Color(red: 255, green: 255, blue: 0)),
            (70, 60, Color(red: 250, green: 255, blue: 255)), (71, 60, Color(red: 255, green: 200, blue: 255)),
            (70, 62, Color(red: 255, green: 255, blue: 245)),
        ]
        let b = try plainImage("b.png", pixels: changed)
        let report = try SheetComparer.compare(.file(a), .file(b), diffSheet: .memory)
        #expect(report.mode == .plain)
        #expect(report.hasDifferences)
        #expect(report.changes.isEmpty && report.onlyInA.isEmpty && report.onlyInB.isEmpty)
        #expect(report.regions.map(\.bounds) == [Rect(x: 10, y: 10, width: 3, height: 2), Rect(x: 70, y: 60, width: 2, height: 3)])
        #expect(report.regions.map(\.changedPixels) == [2, 3])
        #expect(report.regions.map(\.maxChannelDifference) == [255, 55])
        #expect(report.total.changedPixels == 5)
        #expect(report.total.maxChannelDifference == 255)
        // Two pixels 255 off in blue, then 5 in red, 55 in green and 10 in blue.
        let squares: [UInt64] = [255 * 255, 255 * 255, 5 * 5, 55 * 55, 10 * 10]
        #expect(report.total.squaredError == squares.reduce(0, +))

        let diff = try #require(report.diffSheet)
        #expect(diff.width == Self.plainWidth && diff.height == Self.plainHeight)
        for (x, y, _) in changed {
            #expect(diff.color(x: x, y: y) == DiffPaint.changedColor, "(\(x), \(y))")
        }
        #expect(diff.color(x: 11, y: 10) == .white)

        // Above the small differences only the yellow spot is left.
        let thresholded = try SheetComparer.compare(a, b, threshold: 55)
        #expect(thresholded.regions.map(\.bounds) == [Rect(x: 10, y: 10, width: 3, height: 2)])
    }

    @Test("A faded pixel of a plain diff sheet follows DiffPaint's rule")
    func plainFade() throws {
        let grey = Color(red: 90, green: 90, blue: 90)
        let a = try plainImage("a.png", background: grey)
        let b = try plainImage("b.png", background: grey, pixels: [(50, 40, .black)])
        let report = try SheetComparer.compare(.file(a), .file(b), diffSheet: .memory)
        let diff = try #require(report.diffSheet)
        // 90 + (3·165 + 2) / 4 = 90 + 124 = 214.
        #expect(diff.color(x: 0, y: 0) == Color(red: 214, green: 214, blue: 214))
        #expect(diff.color(x: 50, y: 40) == DiffPaint.changedColor)
    }

    @Test("Plain images of different sizes are compared over the area both have; B is drawn padded, the rest hatched",
          arguments: [(100, 81), (99, 80), (120, 60), (90, 95)])
    func plainSizes(width: Int, height: Int) throws {
        let changed = (20, 30, Color.black)
        let a = try plainImage("a.png")
        let b = try plainImage("b.png", width: width, height: height, pixels: [changed])
        let report = try SheetComparer.compare(.file(a), .file(b), diffSheet: .memory)
        let common = Size(width: min(width, Self.plainWidth), height: min(height, Self.plainHeight))
        #expect(report.mode == .plain)
        #expect(report.hasDifferences && report.fails)
        #expect(report.total.pixelCount == common.width * common.height)
        #expect(report.total.changedPixels == 1)
        #expect(report.regions.map(\.bounds) == [Rect(x: 20, y: 30, width: 1, height: 1)])
        #expect(report.sizeA == Size(width: Self.plainWidth, height: Self.plainHeight))
        #expect(report.sizeB == Size(width: width, height: height))

        let diff = try #require(report.diffSheet)
        #expect(diff.width == width && diff.height == height)
        #expect(diff.color(x: 20, y: 30) == DiffPaint.changedColor)
        // White faded stays white inside the common area; past it, stripes where (x + y) mod 6 < 2.
        #expect(diff.color(x: 1, y: 1) == .white)
        if width > common.width {
            #expect(diff.color(x: common.width, y: 6 - common.width % 6) == DiffPaint.resizedColor)
            #expect(diff.color(x: common.width + 2, y: 6 - common.width % 6) == .white)
        }
        if height > common.height {
            #expect(diff.color(x: 6 - common.height % 6, y: common.height) == DiffPaint.resizedColor)
        }

        // Only A's part that B lacks is missing; a change-free pair still fails for its size alone.
        let same = try plainImage("same.png", width: width, height: height)
        let sizesOnly = try SheetComparer.compare(a, same)
        #expect(sizesOnly.regions.isEmpty && sizesOnly.total.changedPixels == 0)
        #expect(sizesOnly.hasDifferences && sizesOnly.fails)
        let allowed = try SheetComparer.compare(
            .file(a), .file(same), options: ComparisonOptions(failOn: [.changed, .added, .removed]), diffSheet: .none)
        #expect(allowed.hasDifferences && !allowed.fails)
    }

    @Test("A sheet compared with its pixels saved without a manifest is compared plainly and equal")
    func oneSideWithoutManifest() throws {
        let a = try sheet(of: try photos("a", Self.base), named: "a.png")
        let decoded = try PNGDecoder.decode(path: a.path)
        var rgb: [UInt8] = []
        for pixel in stride(from: 0, to: decoded.pixels.count, by: 4) { rgb += decoded.pixels[pixel..<pixel + 3] }
        let b = folder.path + "/b.png"
        try SolidPNG.write(b, width: decoded.width, height: decoded.height, rgb: rgb)
        #expect(try EmbeddedManifest.read(sheet: b) == nil)
        for (first, second) in [(a.path, b), (b, a.path)] {
            let report = try SheetComparer.compare(first, second)
            #expect(report.mode == .plain)
            #expect(!report.hasDifferences)
            #expect(report.total.pixelCount == decoded.width * decoded.height)
        }
    }

    // MARK: Sheets that cannot be compared

    /// Ways a sheet file can be unusable.
    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        /// Cut in half: the chunk walk finds no end.
        case truncated
        /// Not a PNG at all.
        case text
        case missing
        /// A byte of the image data flipped: the manifest reads, the pixels do not.
        case pixels
        var testDescription: String { rawValue }
    }

    @Test("A damaged sheet on either side is unreadableSheet naming it",
          arguments: Damage.allCases, [true, false])
    func damaged(damage: Damage, onA: Bool) throws {
        let good = try sheet(of: try photos("photos", Self.base), named: "good.png")
        let bad = folder.path + "/bad.png"
        let bytes = try Fixture.bytes(good.path)
        switch damage {
        case .truncated:
            try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: bad))
        case .text:
            try Fixture.copy("corrupt/text.png", to: bad)
        case .missing:
            break
        case .pixels:
            var damaged = [UInt8](bytes)
            let idat = try #require(damaged.indices.dropLast(4).first { Array(damaged[$0..<$0 + 4]) == Array("IDAT".utf8) })
            let length = damaged[idat - 4..<idat].reduce(0) { $0 << 8 | Int($1) }
            damaged[idat + 4 + length / 2] ^= 0x55
            try Data(damaged).write(to: URL(fileURLWithPath: bad))
            #expect(try EmbeddedManifest.read(sheet: bad) == good.manifest)
        }
        let (a, b) = onA ? (bad, good.path) : (good.path, bad)
        let error = #expect(throws: CompareError.self) { try SheetComparer.compare(a, b) }
        guard case .sheet(.unreadableSheet(let path, let reason)) = error else {
            Issue.record("expected unreadableSheet, got \(String(describing: error))")
            return
        }
        #expect(path == bad)
        guard case .image = reason else {
            Issue.record("expected the image readers' reason, got \(reason)")
            return
        }
        #expect(error.map { "\($0)".hasPrefix(bad + ": cannot read the sheet: ") } == true)
    }

    /// Manifests that do not describe the 20×20 image they come with.
    static let misfits: [(name: String, manifest: Manifest, problem: ManifestProblem)] = [
        ("wider than the image", manifest(width: 21, height: 20, items: []),
         .sizeMismatch(manifest: Size(width: 21, height: 20), image: Size(width: 20, height: 20))),
        ("shorter than the image", manifest(width: 20, height: 19, items: []),
         .sizeMismatch(manifest: Size(width: 20, height: 19), image: Size(width: 20, height: 20))),
        ("a tile past the right edge", manifest(width: 20, height: 20, items: [
            Manifest.Item(source: "x.png", rect: Rect(x: 10, y: 2, width: 11, height: 5), lane: 0,
                          sourceSize: Size(width: 11, height: 5)),
        ]), .tileOutsideSheet(source: "x.png", rect: Rect(x: 10, y: 2, width: 11, height: 5))),
    ]

    static func manifest(width: Int, height: Int, items: [Manifest.Item]) -> Manifest {
        Manifest(width: width, height: height, direction: .vertical, lanes: 1, padding: 0,
                 margin: 0, background: .white, items: items, skipped: [])
    }

    @Test("A manifest that does not fit its image is badManifest naming the sheet",
          arguments: misfits.map(\.name))
    func misfit(name: String) throws {
        let misfit = try #require(Self.misfits.first { $0.name == name })
        let good = folder.path + "/good.png"
        try SolidPNG.write(good, width: 20, height: 20, color: .white,
                           texts: [PNGText(keyword: ManifestChunk.keyword,
                                           text: Self.manifest(width: 20, height: 20, items: []).jsonText())])
        let bad = folder.path + "/bad.png"
        try SolidPNG.write(bad, width: 20, height: 20, color: .white,
                           texts: [PNGText(keyword: ManifestChunk.keyword, text: misfit.manifest.jsonText())])
        #expect(try SheetComparer.compare(good, good).hasDifferences == false)
        let error = #expect(throws: CompareError.self) { try SheetComparer.compare(good, bad) }
        guard case .sheet(.badManifest(let path, let reason)) = error else {
            Issue.record("expected badManifest, got \(String(describing: error))")
            return
        }
        #expect(path == bad)
        #expect(reason == misfit.problem)
    }
}
