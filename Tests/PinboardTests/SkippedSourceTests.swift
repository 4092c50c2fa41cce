import Foundation
import ImageInput
import Layout
import PNGCodec
import Pinboard
import Raster
import SheetManifest
import TestSupport
import Testing

/// Inputs that cannot be used: left out with a reason by default, fatal under `strict`; a
/// source whose header is fine but whose pixels are not keeps its place, left in the background ("left empty").
@Suite("Skipped sources")
struct SkippedSourceTests {
    /// The grey a tile is painted when its source's pixels fail: #cccccc.
    /// What a tile whose source drew nothing shows: the background (white here), "left empty".
    static let leftEmpty = Color.white

    let folder: PhotoFolder

    init() throws {
        folder = try PhotoFolder()
    }

    /// Copies solid fixtures into `folder.photos`, each under a name that sets its place in natural order.
    func copySolids(_ fixtures: [SolidFixture], prefix: String = "") throws -> [String] {
        try fixtures.enumerated().map { index, fixture in
            let path = folder.photos + "/\(prefix)\(index + 1)-" + fixture.name
            try Fixture.copy("solid/" + fixture.name, to: path)
            return path
        }
    }

    static func options(strict: Bool = false) -> SheetOptions {
        var options = SheetOptions(lanes: 2, laneBreadth: 90, padding: 3)
        options.strict = strict
        options.jobs = 2
        return options
    }

    /// Files whose headers are refused, with the reason each must give.
    static let unreadable: [(name: String, reason: String)] = [
        ("text.png", neitherFormat), ("empty.png", ImageError.Reason.emptyFile.description),
        ("bad-signature.png", neitherFormat),
        ("zero-width.png", ImageError.Reason.invalidDimensions(width: 0, height: 64, maximumSide: 0x7FFF_FFFF).description),
    ]

    /// What a file of no format pinboard knows is skipped for.
    static let neitherFormat = "not an image file pinboard recognises; pinboard reads PNG, JPEG, WebP, GIF, TIFF, HEIC and AVIF"

    @Test("Unreadable files are skipped with their reasons and the sheet is made from the rest")
    func skippedByDefault() throws {
        let good = try copySolids(Array(SolidFixture.opaque.prefix(3)))
        for file in Self.unreadable {
            try Fixture.copy("corrupt/" + file.name, to: folder.photos + "/" + file.name)
        }
        let plan = try SheetPlanner.plan(inputs: [folder.photos], options: Self.options())
        let expected = Self.unreadable
            .map { Manifest.SkippedSource(source: folder.photos + "/" + $0.name, reason: .recorded($0.reason)) }
            .sorted { NaturalOrder.areInIncreasingOrder($0.source, $1.source) }
        #expect(plan.skipped == expected)
        #expect(plan.manifest.skipped == expected)
        #expect(plan.sources.map(\.path) == good)

        let sheet = try SheetComposer.compose(plan)
        #expect(sheet.manifest.items.map(\.source) == good)
        #expect(sheet.manifest.skipped == expected)
        var expectation = SheetExpectation(width: sheet.width, height: sheet.height, background: .white)
        for (item, fixture) in zip(sheet.manifest.items, SolidFixture.opaque) {
            expectation.expect(item.rect, named: fixture.name, toBe: fixture.color)
        }
        let problems = expectation.mismatches { x, y in sheet.color(x: x, y: y) }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("Under strict an unreadable file fails the plan, naming every skipped input")
    func strictRefuses() throws {
        _ = try copySolids(Array(SolidFixture.opaque.prefix(2)))
        try Fixture.copy("corrupt/text.png", to: folder.photos + "/text.png")
        let missing = folder.path + "/missing.png"
        let error = #expect(throws: PinboardError.self) {
            try SheetPlanner.plan(inputs: [folder.photos, missing], options: Self.options(strict: true))
        }
        guard case .sourcesSkipped(let skipped) = error else {
            Issue.record("expected sourcesSkipped, got \(String(describing: error))")
            return
        }
        #expect(skipped == [
            Manifest.SkippedSource(source: missing, reason: .scan(.notFound)),
            Manifest.SkippedSource(source: folder.photos + "/text.png", reason: .recorded(Self.neitherFormat)),
        ])
    }

    @Test("Only unreadable inputs is noImages, with the reasons")
    func nothingLeft() throws {
        try Fixture.copy("corrupt/text.png", to: folder.photos + "/text.png")
        let error = #expect(throws: PinboardError.self) {
            try SheetPlanner.plan(inputs: [folder.photos], options: Self.options())
        }
        guard case .noImages(let skipped) = error else {
            Issue.record("expected noImages, got \(String(describing: error))")
            return
        }
        #expect(skipped == [Manifest.SkippedSource(source: folder.photos + "/text.png", reason: .recorded(Self.neitherFormat))])
    }

    /// Damaged after a valid 64×64 header: the plan accepts them, the render cannot.
    static let brokenPixels = ["truncated-idat.png", "bad-idat-crc.png", "flipped-bits.png"]

    @Test("A source whose pixels fail before a row keeps its place, left in the background, and is listed as skipped",
          arguments: brokenPixels)
    func placeholder(broken: String) throws {
        let before = try copySolids(Array(SolidFixture.opaque.prefix(2)), prefix: "a")
        let brokenPath = folder.photos + "/b-" + broken
        try Fixture.copy("corrupt/" + broken, to: brokenPath)
        let after = try copySolids(Array(SolidFixture.opaque.suffix(3)), prefix: "c")
        let plan = try SheetPlanner.plan(inputs: [folder.photos], options: Self.options())
        #expect(plan.skipped.isEmpty)
        #expect(plan.sources.map(\.path) == before + [brokenPath] + after)

        let sheet = try SheetComposer.compose(plan)
        #expect(sheet.manifest.items == plan.manifest.items)
        try #require(sheet.manifest.skipped.count == 1)
        #expect(sheet.manifest.skipped[0].source == brokenPath)
        #expect(!sheet.manifest.skipped[0].reason.description.isEmpty)
        let brokenItem = sheet.manifest.items[2]
        // Taller than a band, so the empty tile must carry on into the next band too.
        #expect(brokenItem.height > 64)

        let colors = Array(SolidFixture.opaque.prefix(2).map(\.color)) + [Self.leftEmpty]
            + SolidFixture.opaque.suffix(3).map(\.color)
        var expectation = SheetExpectation(width: sheet.width, height: sheet.height, background: .white)
        for (item, color) in zip(sheet.manifest.items, colors) {
            expectation.expect(item.rect, named: item.source, toBe: color)
        }
        let problems = expectation.mismatches { x, y in sheet.color(x: x, y: y) }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("Writing a sheet reports the sources that failed while rendering apart from those skipped while probing",
          arguments: brokenPixels)
    func renderFailuresApart(broken: String) throws {
        _ = try copySolids(Array(SolidFixture.opaque.prefix(2)), prefix: "a")
        try Fixture.copy("corrupt/text.png", to: folder.photos + "/c-text.png")
        let brokenPath = folder.photos + "/b-" + broken
        try Fixture.copy("corrupt/" + broken, to: brokenPath)
        let plan = try SheetPlanner.plan(inputs: [folder.photos], options: Self.options())
        #expect(plan.skipped.map(\.source) == [folder.photos + "/c-text.png"])
        let written = try SheetComposer.write(plan, to: folder.path + "/sheet.png")
        #expect(written.renderFailures.map(\.source) == [brokenPath])
        #expect(written.manifest.skipped == plan.skipped + written.renderFailures)
    }

    @Test("Under strict a source whose pixels fail throws decode, with the reason the manifest gives",
          arguments: brokenPixels)
    func placeholderStrict(broken: String) throws {
        _ = try copySolids(Array(SolidFixture.opaque.prefix(2)), prefix: "a")
        let brokenPath = folder.photos + "/b-" + broken
        try Fixture.copy("corrupt/" + broken, to: brokenPath)
        let lenient = try SheetComposer.compose(inputs: [folder.photos], options: Self.options())
        let plan = try SheetPlanner.plan(inputs: [folder.photos], options: Self.options(strict: true))
        let error = #expect(throws: PinboardError.self) { try SheetComposer.compose(plan) }
        guard case .decode(let codecError) = error else {
            Issue.record("expected decode, got \(String(describing: error))")
            return
        }
        #expect(codecError.source == brokenPath)
        #expect(lenient.manifest.skipped == [
            Manifest.SkippedSource(source: brokenPath, reason: codecError.reason),
        ])
    }

    @Test("When every source fails while decoding no sheet is written: noTileDrawn lists them all",
          arguments: [["truncated-idat.png"], ["truncated-idat.png", "bad-idat-crc.png"]])
    func noTileDrawn(broken: [String]) throws {
        let paths = try broken.map { name in
            let path = folder.photos + "/" + name
            try Fixture.copy("corrupt/" + name, to: path)
            return path
        }
        let plan = try SheetPlanner.plan(inputs: [folder.photos], options: Self.options())
        #expect(plan.skipped.isEmpty, "every source must probe fine: \(plan.skipped)")
        let output = folder.path + "/sheet.png"
        let error = #expect(throws: PinboardError.self) { try SheetComposer.write(plan, to: output) }
        guard case .noTileDrawn(let failures) = error else {
            Issue.record("expected noTileDrawn, got \(String(describing: error))")
            return
        }
        #expect(failures.map(\.source).sorted() == paths.sorted())
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("A source changed or removed after planning is left empty, listed as skipped",
          arguments: ["replaced", "removed"])
    func changedAfterPlanning(change: String) throws {
        let paths = try copySolids(Array(SolidFixture.opaque.prefix(3)))
        let plan = try SheetPlanner.plan(inputs: [folder.photos], options: Self.options())
        let target = paths[1]
        try FileManager.default.removeItem(atPath: target)
        if change == "replaced" {
            // Another valid PNG of another size: drawn into the planned rect it would not fit.
            try Fixture.copy("solid/blue-64x16.png", to: target)
        }
        let sheet = try SheetComposer.compose(plan)
        #expect(sheet.manifest.items == plan.manifest.items)
        #expect(sheet.manifest.skipped.map(\.source) == [target])
        if change == "replaced" {
            #expect(sheet.manifest.skipped.first?.reason == .image(.changedSinceProbe),
                    "\(sheet.manifest.skipped)")
        }
        let colors = [SolidFixture.opaque[0].color, Self.leftEmpty, SolidFixture.opaque[2].color]
        var expectation = SheetExpectation(width: sheet.width, height: sheet.height, background: .white)
        for (item, color) in zip(sheet.manifest.items, colors) {
            expectation.expect(item.rect, named: item.source, toBe: color)
        }
        let problems = expectation.mismatches { x, y in sheet.color(x: x, y: y) }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
