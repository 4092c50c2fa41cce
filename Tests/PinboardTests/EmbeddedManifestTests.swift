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

/// The manifest a written sheet carries in its `pinboard:manifest` chunk: read back equal to
/// the one `SheetComposer.write` returned, with every member the issue promises, and the
/// errors for PNGs that carry none or a damaged one.
@Suite("Embedded manifest")
struct EmbeddedManifestTests {
    let folder: PhotoFolder

    init() throws {
        folder = try PhotoFolder()
    }

    static func options(jobs: Int = 2, filter: ResampleFilter = .lanczos3) -> SheetOptions {
        SheetOptions(breadth: 160, lanes: 3, padding: 2, margin: 4, filter: filter, jobs: jobs)
    }

    /// Copies the opaque solid fixtures into `folder.photos`, returning their paths in natural order.
    func copySolids() throws -> [String] {
        try SolidFixture.opaque.map { fixture in
            let path = folder.photos + "/" + fixture.name
            try Fixture.copy("solid/" + fixture.name, to: path)
            return path
        }.sorted { NaturalOrder.areInIncreasingOrder($0, $1) }
    }

    @Test("The embedded manifest reads back equal to the one written, and its text is jsonText()",
          arguments: [ResampleFilter.lanczos3, .nearest])
    func roundTrip(filter: ResampleFilter) throws {
        let sources = try copySolids()
        let plan = try SheetPlanner.plan(inputs: [folder.photos], options: Self.options(filter: filter))
        let sheet = folder.path + "/sheet.png"
        let written = try SheetComposer.write(plan, to: sheet).manifest

        let read = try #require(try EmbeddedManifest.read(sheet: sheet))
        #expect(read == written)
        #expect(written == plan.manifest)
        #expect(try EmbeddedManifest.text(ofSheet: sheet) == written.jsonText())
        let header = try ImageHeader.probe(path: sheet)
        #expect(header.width == read.width && header.height == read.height)

        #expect(read.tool == "pinboard \(PinboardVersion.current)")
        #expect(read.libraries == PinboardVersion.libraries)
        #expect(read.filter == filter)
        #expect(read.options == ["compression": "6", "decode": "shrink-on-load"])
        #expect(read.skipped.isEmpty)
        #expect(read.items.map(\.source) == sources)
        #expect(read.items.map(\.name) == sources.map { URL(fileURLWithPath: $0).lastPathComponent })
        for item in read.items {
            #expect(item.sha256 == (try Subprocess.sha256sum(item.source)), "\(item.source)")
            #expect(item.scale == Double(item.width) / Double(item.sourceWidth), "\(item.source)")
            let fixture = try #require(SolidFixture.opaque.first { item.source.hasSuffix("/" + $0.name) })
            #expect(item.sourceSize == Size(width: fixture.width, height: fixture.height), "\(item.source)")
        }
    }

    @Test("Names are the paths below the folder argument, and a file argument's own name")
    func names() throws {
        try folder.folders("photos/sub")
        try Fixture.copy("solid/red-40x30.png", to: folder.photos + "/sub/red.png")
        try Fixture.copy("solid/blue-64x16.png", to: folder.photos + "/blue.png")
        let loose = folder.path + "/loose.png"
        try Fixture.copy("solid/green-18x60.png", to: loose)
        var options = Self.options()
        options.recursive = true
        let plan = try SheetPlanner.plan(inputs: [folder.photos, loose], options: options)
        let written = try SheetComposer.write(plan, to: folder.path + "/sheet.png").manifest
        let read = try #require(try EmbeddedManifest.read(sheet: folder.path + "/sheet.png"))
        #expect(read == written)
        #expect(read.items.map(\.source) == [folder.photos + "/blue.png", folder.photos + "/sub/red.png", loose])
        #expect(read.items.map(\.pairingKey) == ["blue.png", "sub/red.png", "loose.png"])
    }

    @Test("A source whose pixels fail while rendering is listed as skipped in the embedded manifest")
    func skippedWhileRendering() throws {
        _ = try copySolids()
        let broken = folder.photos + "/truncated-idat.png"
        try Fixture.copy("corrupt/truncated-idat.png", to: broken)
        let plan = try SheetPlanner.plan(inputs: [folder.photos], options: Self.options())
        #expect(plan.manifest.skipped.isEmpty)
        let sheet = folder.path + "/sheet.png"
        let written = try SheetComposer.write(plan, to: sheet).manifest
        let read = try #require(try EmbeddedManifest.read(sheet: sheet))
        #expect(read == written)
        #expect(read.skipped.map(\.source) == [broken])
        #expect(read.skipped.first.map { !$0.reason.description.isEmpty } == true)
        // It keeps its tile (a placeholder) and its digest: only its pixels failed.
        #expect(read.items.contains { $0.source == broken && $0.sha256 == (try? Subprocess.sha256sum(broken)) })
    }

    @Test("The same plan written with 1 and 3 jobs gives identical bytes and manifests")
    func byteIdentical() throws {
        _ = try copySolids()
        try Fixture.copy("samples/img00001.png", to: folder.photos + "/img00001.png")
        try Fixture.copy("samples/img00002.png", to: folder.photos + "/img00002.png")
        var outputs: [(bytes: Data, manifest: Manifest, text: String)] = []
        for (run, jobs) in [1, 3, 1].enumerated() {
            let plan = try SheetPlanner.plan(inputs: [folder.photos], options: Self.options(jobs: jobs))
            let path = folder.path + "/sheet-\(run).png"
            let written = try SheetComposer.write(plan, to: path).manifest
            outputs.append((try Fixture.bytes(path), written, try EmbeddedManifest.text(ofSheet: path)))
        }
        for output in outputs.dropFirst() {
            #expect(output.bytes == outputs[0].bytes)
            #expect(output.manifest == outputs[0].manifest)
            #expect(output.text == outputs[0].text)
        }
        #expect(outputs[0].manifest.items.count == SolidFixture.opaque.count + 2)
    }

    @Test("A PNG without a manifest reads as nil, and its text is noManifest naming it")
    func noManifest() throws {
        let path = folder.path + "/plain.png"
        try SolidPNG.write(path, width: 4, height: 3, color: .white, texts: [PNGText(keyword: "Comment", text: "hello")])
        #expect(try EmbeddedManifest.read(sheet: path) == nil)
        let error = #expect(throws: PinboardError.self) { try EmbeddedManifest.text(ofSheet: path) }
        #expect(error?.noManifestPath == path, "\(String(describing: error))")
    }

    /// Chunk texts that are not a manifest pinboard can read; the last nested far deeper
    /// than the JSON parser's limit, which ends the parse without using up the stack.
    static let badTexts: [(text: String, problem: String)] = [
        ("{not json", "not JSON"),
        (String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000), "not JSON"),
        ("{\"version\":1}", "width missing"),
        ("[1,2]", "wrong value at the top"),
    ]

    @Test("A manifest chunk that is not a manifest is badManifest, from read and from text",
          arguments: badTexts)
    func badManifest(text: String, problem: String) throws {
        let path = folder.path + "/bad.png"
        try SolidPNG.write(path, width: 4, height: 3, color: .white,
                           texts: [PNGText(keyword: ManifestChunk.keyword, text: text)])
        for read in [{ _ = try EmbeddedManifest.read(sheet: path) }, { _ = try EmbeddedManifest.text(ofSheet: path) }] {
            let error = #expect(throws: PinboardError.self) { try read() }
            guard case .badManifest(let named, let why) = error else {
                Issue.record("expected badManifest, got \(String(describing: error))")
                continue
            }
            #expect(named == path)
            switch (problem, why) {
            case ("not JSON", .notJSON): break
            case ("width missing", .missingMember("width", at: "the top level")): break
            case ("wrong value at the top", .wrongValue(_, at: "the top level")): break
            default: Issue.record("expected \(problem), got \(why)")
            }
        }
    }

    @Test("A manifest split over three chunks reads whole, with other chunks between them too",
          arguments: ["split-3.png", "split-interleaved.png"])
    func split(name: String) throws {
        let seeds = Fixture.path("fuzz/FuzzEmbeddedManifest")
        #expect(try EmbeddedManifest.text(ofSheet: seeds + "/" + name) == EmbeddedManifest.text(ofSheet: seeds + "/s1.png"))
    }

    @Test("Split chunks repeated or cut short are a damaged manifest naming the sheet",
          arguments: ["split-piece-repeated.png", "split-stops-early.png"])
    func damagedSplit(name: String) throws {
        let path = Fixture.path("fuzz/FuzzEmbeddedManifest/" + name)
        let error = #expect(throws: PinboardError.self) { try EmbeddedManifest.read(sheet: path) }
        guard case .badManifest(let named, _) = error else {
            Issue.record("expected badManifest, got \(String(describing: error))")
            return
        }
        #expect(named == path)
    }

    @Test("A file that is no image, or is missing, is unreadableSheet naming it",
          arguments: ["corrupt/text.png", "corrupt/empty.png", "gif/text.gif", "missing.png"])
    func unreadable(fixture: String) throws {
        let path = folder.path + "/sheet.png"
        if fixture != "missing.png" { try Fixture.copy(fixture, to: path) }
        let error = #expect(throws: PinboardError.self) { try EmbeddedManifest.read(sheet: path) }
        #expect(error?.unreadableSheetPath == path, "\(String(describing: error))")
    }
}

/// `EmbeddedManifest` tells a sheet's format by its content: a file of a format pinboard
/// writes is read the way that format carries a manifest, any other image pinboard reads
/// carries none, and says so instead of "not a PNG".
@Suite("Embedded manifest by format")
struct EmbeddedManifestFormatTests {
    @Test("A JPEG, WebP, AVIF or TIFF file another tool made, or a GIF or HEIC (formats pinboard reads but does not write), has no manifest: nil from read, noManifest from text", arguments: [
        "jpeg/grey.jpg", "webp/lossy.webp", "heif/plain.avif", "tiff/grey.tif", "gif/global.gif", "heif/plain.heic",
    ])
    func otherFormats(fixture: String) throws {
        let path = Fixture.path(fixture)
        #expect(try EmbeddedManifest.read(sheet: path) == nil)
        #expect(throws: PinboardError.noManifest(path: path)) { try EmbeddedManifest.text(ofSheet: path) }
    }

    @Test("A manifest names the format and its settings when the sheet is not a PNG", arguments: [
        (EncodeSettings(format: .jpeg, subsampling: .s444), ["format": "jpeg", "quality": "90", "subsampling": "444"]),
        (EncodeSettings(format: .webp, quality: 70), ["format": "webp", "quality": "70"]),
        (EncodeSettings(format: .avif, lossless: true), ["format": "avif", "lossless": "true"]),
        (EncodeSettings(format: .tiff), ["format": "tiff"]),
        (EncodeSettings(format: .dzi), ["format": "dzi", "tileSize": "254", "tileOverlap": "1", "tileFormat": "jpeg", "quality": "90"]),
        (EncodeSettings(format: .dzi, deepZoom: DeepZoomSettings(tileSize: 512, overlap: 0, tileFormat: .png)),
         ["format": "dzi", "tileSize": "512", "tileOverlap": "0", "tileFormat": "png"]),
        (EncodeSettings(format: .png, quality: 10), [:]),
    ])
    func settings(encoding: EncodeSettings, expected: [String: String]) throws {
        var options = SheetOptions()
        options.encoding = encoding
        let plan = try SheetPlanner.plan(inputs: [Fixture.path("solid/red-40x30.png")], options: options)
        let recorded = plan.manifest.options.filter { !["compression", "decode"].contains($0.key) }
        #expect(recorded == expected)
    }

    @Test("Every format's sheet carries the PNG sheet's manifest, and the lossless ones its pixels", arguments: [
        ("jpg", false), ("webp", false), ("webp", true), ("avif", true), ("tif", true),
    ])
    func sheetsOfEveryFormat(ending: String, lossless: Bool) throws {
        let folder = try PhotoFolder()
        for fixture in SolidFixture.opaque.prefix(4) {
            try Fixture.copy("solid/" + fixture.name, to: folder.photos + "/" + fixture.name)
        }
        var options = EmbeddedManifestTests.options()
        let png = folder.path + "/sheet.png"
        let written = try SheetComposer.write(SheetPlanner.plan(inputs: [folder.photos], options: options), to: png).manifest
        options.encoding.format = try #require(SheetFormat(fileName: "sheet." + ending))
        options.encoding.lossless = lossless
        let other = folder.path + "/sheet." + ending
        _ = try SheetComposer.write(SheetPlanner.plan(inputs: [folder.photos], options: options), to: other)

        let read = try #require(try EmbeddedManifest.read(sheet: other))
        #expect(read.items == written.items)
        #expect((read.width, read.height) == (written.width, written.height))
        if lossless || ending == "tif" {
            #expect(try SheetComparer.compare(png, other).hasDifferences == false)
        }
    }
}
