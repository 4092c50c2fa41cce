import Foundation
import ImageFormats
import ImageInput
import PinboardIO
import SheetOutput
import TestSupport
import Testing

/// The output registry: every format pinboard writes listed once, found again by its name,
/// its endings and a finished output of it, each with the facts its kind declares.
@Suite("Output registry")
struct OutputRegistryTests {
    @Test("The registry lists every format once, in --format's order, no ending claimed twice")
    func listing() {
        let formats = OutputRegistry.pinboard.formats
        #expect(formats.map(\.name) == ["png", "jpeg", "webp", "avif", "tiff", "dzi", "iiif"])
        #expect(SheetFormat.allCases == formats)
        #expect(Set(formats).count == formats.count)
        let endings = formats.flatMap(\.fileExtensions)
        #expect(Set(endings).count == endings.count, "\(endings)")
    }

    @Test("Each format is found again by its name and every ending, in any case", arguments: OutputRegistry.pinboard.formats)
    func roundTrip(format: SheetFormat) {
        #expect(SheetFormat(rawValue: format.name) == format)
        #expect(OutputRegistry.pinboard.format(named: format.name) == format)
        #expect(SheetFormat.allCases.filter { $0 == format }.count == 1)
        for ending in format.fileExtensions {
            #expect(SheetFormat(fileName: "out/board." + ending) == format, "\(ending)")
            #expect(SheetFormat(fileName: "board." + ending.uppercased()) == format, "\(ending)")
        }
    }

    /// What the formats' switches said before each format had a kind of its own.
    static let facts: [(format: SheetFormat, displayName: String, endings: [String], maxSide: Int?, alpha: Bool, pyramid: Bool)] = [
        (.png, "PNG", ["png"], 0x7FFF_FFFF, true, false),
        (.jpeg, "JPEG", ["jpg", "jpeg"], 65_535, false, false),
        (.webp, "WebP", ["webp"], 16_383, true, false),
        (.avif, "AVIF", ["avif"], nil, true, false),
        (.tiff, "TIFF", ["tif", "tiff"], nil, true, false),
        (.dzi, "Deep Zoom", ["dzi"], nil, true, true),
        (.iiif, "IIIF", [], nil, true, true),
    ]

    @Test("Each format's facts are its kind's", arguments: facts)
    func declared(format: SheetFormat, displayName: String, endings: [String], maxSide: Int?, alpha: Bool, pyramid: Bool) {
        #expect(format.description == displayName)
        #expect(format.fileExtensions == endings)
        #expect(format.maxSide == maxSide)
        #expect(format.hasAlpha == alpha)
        #expect(format.isPyramid == pyramid)
        #expect(OutputRegistry.pinboard.formats.contains(format))
    }

    @Test("A sheet written through each format's sink is recognised as that format, and its manifest reads back",
          arguments: OutputRegistry.pinboard.formats)
    func finishedOutput(format: SheetFormat) throws {
        let folder = try TemporaryFolder()
        let sheet = TestSheet(channels: .rgb)
        let settings = EncodeSettings(format: format)
        let json = TestSheet.manifest.jsonText()
        switch format.kind.writing {
        case .stream:
            let path = folder.path + "/board." + (format.fileExtensions.first ?? format.name)
            _ = try sheet.write(to: path, settings: settings)
            let info = try ImageRegistry.pinboard.probe(path: path, limits: .default)
            let reader = try #require(ImageRegistry.pinboard.format(named: info.format))
            #expect(OutputRegistry.pinboard.format(readBy: reader) == format)
            #expect(OutputRegistry.pinboard.format(recognisingPath: path) == nil)
            #expect(try format.manifestText(path: path) == json)
        case .folder(let pyramid):
            let path = folder.path + "/board" + (format.fileExtensions.first.map { "." + $0 } ?? "")
            let sink = try pyramid(settings, path)
            try sink.begin(SheetHeader(width: TestSheet.width, height: TestSheet.height, channels: .rgb))
            for band in try sheet.bands() { try sink.write(band) }
            try sink.finish(manifest: TestSheet.manifest)
            #expect(OutputRegistry.pinboard.format(recognisingPath: path) == format)
            #expect(try format.manifestText(path: path) == json + "\n")
        }
    }

    @Test("The input formats that only read (GIF, HEIC) name no output format; the others name theirs")
    func readers() throws {
        let written = ImageRegistry.pinboard.formats.compactMap { OutputRegistry.pinboard.format(readBy: $0) }
        #expect(written == [.png, .jpeg, .webp, .tiff, .avif])
        let heic = try #require(ImageRegistry.pinboard.format(named: "HEIC"))
        let gif = try #require(ImageRegistry.pinboard.format(named: "GIF"))
        #expect(OutputRegistry.pinboard.format(readBy: heic) == nil)
        #expect(OutputRegistry.pinboard.format(readBy: gif) == nil)
    }

    /// Settings unlike the defaults in every member, one at a time.
    static let changes: [(setting: EncodeSetting, change: @Sendable (inout EncodeSettings) -> Void)] = [
        (.compression, { $0.compression = 1 }),
        (.quality, { $0.quality = 42 }),
        (.subsampling, { $0.subsampling = .s444 }),
        (.lossless, { $0.lossless.toggle() }),
        (.tileSize, { $0.deepZoom.tileSize = 100 }),
        (.tileOverlap, { $0.deepZoom.overlap = 3 }),
        (.tileFormat, { $0.deepZoom.tileFormat = .webp }),
        (.iiifBaseID, { $0.iiifBaseID = "https://example.org/tiles" }),
    ]

    @Test("A format's manifest options do not change with a setting it does not read", arguments: OutputRegistry.pinboard.formats)
    func unreadSettings(format: SheetFormat) {
        #expect(Set(Self.changes.map(\.setting)) == Set(EncodeSetting.allCases))
        let base = EncodeSettings(format: format)
        for (setting, change) in Self.changes where !format.kind.settings.contains(setting) {
            var changed = base
            change(&changed)
            #expect(format.kind.manifestOptions(for: changed) == format.kind.manifestOptions(for: base), "\(setting)")
        }
    }

    @Test("A pyramid asked of a descriptor is refused before the sheet, naming where each pyramid format goes",
          arguments: OutputRegistry.pinboard.formats.filter(\.isPyramid))
    func pyramidOnDescriptor(format: SheetFormat) throws {
        let folder = try TemporaryFolder()
        let error = try TestSheet.refusal(of: EncodeSettings(format: format), width: 10, height: 10, at: folder.path + "/out")
        #expect(error?.reason == .refused("a pyramid is a folder of files, not one stream; "
            + "write it to a path ending in .dzi, or a folder with --format iiif"))
    }
}
