import Differences
import Foundation
import Geometry
import PinboardCompare
import Raster
import TestSupport
import Testing
import Text

/// The options that make a pixel test trustworthy, through the comparison API on folders
/// of images: anti-aliasing forgiven, areas ignored, budgets, sizes, which kinds fail.
@Suite("Comparison options: anti-aliasing, ignored areas, budgets, sizes")
struct PixelTestOptionsTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
        try folder.folders("a", "b")
    }

    /// The two folders compared.
    var a: String { folder.path + "/a" }
    var b: String { folder.path + "/b" }

    /// `pixels` with the pixel at (x, y) of an image `width` wide set to `rgba`.
    static func setting(_ pixels: [UInt8], width: Int, x: Int, y: Int, to rgba: [UInt8] = [220, 20, 20, 255]) -> [UInt8] {
        var pixels = pixels
        pixels.replaceSubrange((y * width + x) * 4..<(y * width + x) * 4 + 4, with: rgba)
        return pixels
    }

    /// "HILT" rendered by FreeType at 4× (128 px) and shrunk to 32 px, moved right by `shift`
    /// quarters of a pixel: the same text at two sub-pixel offsets.
    ///
    /// Straight stems, because pixelmatch's detector (and so pinboard's, which counts as it
    /// does) forgives an edge only next to a flat area: round letters at small sizes keep
    /// some pixels counted ("Pinboard 42" at 24 px: 137 of 854), in both tools.
    static func text(shift: Int) throws -> (pixels: [UInt8], width: Int) {
        let caption = try Caption("HILT", font: try Font(path: Fixture.path("fonts/DejaVuSans.ttf")), pixelSize: 128, boxWidth: 240)
        let pixels = InkedCoverage.shrunk(caption.coverage, width: caption.width, height: caption.height, factor: 4, shift: shift)
        return (pixels, caption.width / 4)
    }

    static let aliasingOnly = ComparisonOptions(criteria: PixelCriteria(ignoresAntialiasing: true))

    @Test("The same text at two sub-pixel offsets fails without --ignore-antialiasing and passes with it", arguments: [1, 2])
    func textAtTwoOffsets(shift: Int) throws {
        let first = try Self.text(shift: 0)
        let second = try Self.text(shift: shift)
        try RGBAPNG.write(first.pixels, width: first.width, to: a + "/text.png")
        try RGBAPNG.write(second.pixels, width: second.width, to: b + "/text.png")
        let strict = try SheetComparer.compareFolders(a, b)
        #expect(strict.fails)
        let changed = try #require(strict.changes.first?.difference?.changedPixels)
        #expect(changed > 100)
        let forgiving = try SheetComparer.compareFolders(a, b, options: Self.aliasingOnly)
        #expect(!forgiving.fails, "\(forgiving.tiles.map { ($0.name, $0.difference?.changedPixels ?? -1) })")
        #expect(forgiving.changes.isEmpty)
        #expect(forgiving.total.antialiasedPixels == changed)
        #expect(forgiving.tiles.first?.difference?.antialiasedPixels == changed, "the counts are the tile's too")
    }

    @Test("The same circle anti-aliased two ways passes with --ignore-antialiasing; a solid pixel beside it still fails")
    func circleTwoWays() throws {
        let circleA = InkedCoverage.disc(size: 40, centerX: 19.5, centerY: 20.3, radius: 13, samples: 4)
        let circleB = InkedCoverage.disc(size: 40, centerX: 19.5, centerY: 20.3, radius: 13, samples: 16)
        try RGBAPNG.write(circleA, width: 40, to: a + "/circle.png")
        try RGBAPNG.write(circleB, width: 40, to: b + "/circle.png")
        #expect(try SheetComparer.compareFolders(a, b).fails)
        #expect(try !SheetComparer.compareFolders(a, b, options: Self.aliasingOnly).fails)
        try RGBAPNG.write(Self.setting(circleB, width: 40, x: 37, y: 2), width: 40, to: b + "/circle.png")
        let solid = try SheetComparer.compareFolders(a, b, options: Self.aliasingOnly)
        #expect(solid.fails)
        #expect(solid.changes.first?.difference?.changedPixels == 1)
        #expect(solid.changes.first?.regions.map(\.bounds) == [Rect(x: 37, y: 2, width: 1, height: 1)])
    }

    @Test("A change inside an ignored area passes; one pixel outside it fails", arguments: ["shot.png", "sh*.png", "*"])
    func ignoredArea(pattern: String) throws {
        let white = [UInt8](repeating: 255, count: 30 * 20 * 4)
        try RGBAPNG.write(white, width: 30, to: a + "/shot.png")
        var clock = white
        for y in 2..<6 { for x in 20..<28 { clock = Self.setting(clock, width: 30, x: x, y: y) } }
        try RGBAPNG.write(clock, width: 30, to: b + "/shot.png")
        let area = IgnoredArea(pattern: NamePattern(pattern), rect: Rect(x: 20, y: 2, width: 8, height: 4))
        let masked = try SheetComparer.compareFolders(a, b, options: ComparisonOptions(ignored: [area]))
        #expect(!masked.fails)
        #expect(masked.tiles.first?.difference?.maskedPixels == 32)
        #expect(masked.tiles.first?.ignored == [area.rect])
        try RGBAPNG.write(Self.setting(clock, width: 30, x: 19, y: 2), width: 30, to: b + "/shot.png")
        let outside = try SheetComparer.compareFolders(a, b, options: ComparisonOptions(ignored: [area]))
        #expect(outside.fails)
        #expect(outside.changes.first?.difference?.changedPixels == 1)
    }

    @Test("An area for another name does not apply")
    func otherName() throws {
        try RGBAPNG.write([UInt8](repeating: 255, count: 16), width: 2, to: a + "/one.png")
        try RGBAPNG.write(Self.setting([UInt8](repeating: 255, count: 16), width: 2, x: 0, y: 0), width: 2, to: b + "/one.png")
        let area = IgnoredArea(pattern: NamePattern("two*"), rect: Rect(x: 0, y: 0, width: 2, height: 2))
        #expect(try SheetComparer.compareFolders(a, b, options: ComparisonOptions(ignored: [area])).fails)
    }

    /// A 10×10 white image and one with its first `changed` pixels red.
    func budgetPair(changed: Int) throws {
        let white = [UInt8](repeating: 255, count: 10 * 10 * 4)
        var red = white
        for index in 0..<changed { red = Self.setting(red, width: 10, x: index % 10, y: index / 10) }
        try RGBAPNG.write(white, width: 10, to: a + "/tile.png")
        try RGBAPNG.write(red, width: 10, to: b + "/tile.png")
    }

    @Test("--max-diff-pixels 5: 4 and 5 changed pixels pass, 6 fail", arguments: [(4, false), (5, false), (6, true)])
    func pixelBudget(changed: Int, fails: Bool) throws {
        try budgetPair(changed: changed)
        let report = try SheetComparer.compareFolders(a, b, options: ComparisonOptions(maxDiffPixels: 5))
        #expect(report.fails == fails)
        #expect(report.changes.first?.withinBudget == !fails)
        #expect(report.changes.count == 1, "within the budget or not, the tile is listed as changed")
    }

    @Test("--max-diff-ratio 0.05 of 100 pixels: 4 and 5 pass, 6 fail", arguments: [(4, false), (5, false), (6, true)])
    func ratioBudget(changed: Int, fails: Bool) throws {
        try budgetPair(changed: changed)
        #expect(try SheetComparer.compareFolders(a, b, options: ComparisonOptions(maxDiffRatio: 0.05)).fails == fails)
    }

    @Test("With both budgets a tile must keep within both")
    func bothBudgets() throws {
        try budgetPair(changed: 5)
        #expect(try SheetComparer.compareFolders(a, b, options: ComparisonOptions(maxDiffPixels: 10, maxDiffRatio: 0.04)).fails)
        #expect(try SheetComparer.compareFolders(a, b, options: ComparisonOptions(maxDiffPixels: 4, maxDiffRatio: 0.1)).fails)
        #expect(try !SheetComparer.compareFolders(a, b, options: ComparisonOptions(maxDiffPixels: 5, maxDiffRatio: 0.05)).fails)
    }

    @Test("An image of another size is compared over the common area, resized, and fails unless --fail-on leaves resized out")
    func sizes() throws {
        let white = [UInt8](repeating: 255, count: 12 * 8 * 4)
        try RGBAPNG.write(white, width: 12, to: a + "/page.png")
        let taller = Self.setting([UInt8](repeating: 255, count: 10 * 11 * 4), width: 10, x: 3, y: 4)
        try RGBAPNG.write(taller, width: 10, to: b + "/page.png")
        let report = try SheetComparer.compareFolders(a, b)
        let change = try #require(report.changes.first)
        #expect(change.kind == .resized)
        #expect(change.a.size == Size(width: 12, height: 8) && change.b.size == Size(width: 10, height: 11))
        #expect(change.difference?.pixelCount == 10 * 8)
        #expect(change.difference?.changedPixels == 1)
        #expect(change.regions.map(\.bounds) == [Rect(x: 3, y: 4, width: 1, height: 1)])
        #expect(report.fails)
        var lenient = ComparisonOptions()
        lenient.failOn = [.changed, .added, .removed]
        #expect(try !SheetComparer.compareFolders(a, b, options: lenient).fails)
    }

    @Test("--fail-on decides which kinds fail: an added file fails only when added is named")
    func failOn() throws {
        try RGBAPNG.write([UInt8](repeating: 255, count: 16), width: 2, to: b + "/new.png")
        #expect(try SheetComparer.compareFolders(a, b).fails)
        #expect(try !SheetComparer.compareFolders(a, b, options: ComparisonOptions(failOn: [.changed, .removed])).fails)
        #expect(try SheetComparer.compareFolders(a, b, options: ComparisonOptions(failOn: [.added])).fails)
    }

    @Test("An ignore file is read, and a damaged one is an error naming it")
    func ignoreFile() throws {
        let path = folder.path + "/ignore.json"
        try Data(#"[{"name": "login.png", "x": 1, "y": 2, "width": 30, "height": 4}]"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(try IgnoredArea.read(file: path) == [IgnoredArea(pattern: NamePattern("login.png"), rect: Rect(x: 1, y: 2, width: 30, height: 4))])
        try Data(#"[{"name": "login.png", "x": 1, "y": 2, "width": 0, "height": 4}]"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: CompareError.badIgnoreFile(path: path, reason: "entry 0 needs a name, x and y of 0 or more, width and height over 0")) {
            try IgnoredArea.read(file: path)
        }
    }

    @Test("Name patterns: * crosses folders, ? is one character", arguments: [
        ("*.png", "forms/login.png", true), ("login.png", "login.png", true), ("login.png", "forms/login.png", false),
        ("shot-??.png", "shot-01.png", true), ("shot-??.png", "shot-1.png", false), ("*", "", true), ("a*b*c", "aXbYbZc", true),
        ("a*b*c", "aXbYbZ", false),
    ])
    func patterns(pattern: String, name: String, matches: Bool) {
        #expect(NamePattern(pattern).matches(name) == matches)
    }
}
