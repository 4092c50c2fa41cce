import ColorManagement
import Foundation
import Geometry
import ImageFormats
import ImageInput
import PinboardIO
import SheetOutput
import Synchronization
import TIFFCodec
import TestSupport
import Testing

@Suite("TIFF sheets")
struct TIFFSheetSinkTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    static let cases: [(channels: ChannelLayoutCase, compression: Int)] = [
        (.rgb, 0), (.rgb, 6), (.rgba, 0), (.rgba, 6),
    ]

    /// The layouts by name, so a failing case says which.
    enum ChannelLayoutCase: String, CaseIterable, Sendable {
        case rgb, rgba
        var layout: ChannelLayout { self == .rgb ? .rgb : .rgba }
    }

    @Test("A sheet written in bands stores exactly its pixels in 256×256 tiles", arguments: cases.map { "\($0.channels) deflate \($0.compression)" })
    func roundTrip(name: String) throws {
        let (channels, compression) = try #require(Self.cases.first { "\($0.channels) deflate \($0.compression)" == name })
        let sheet = SampleSheet.gradient(channels: channels.layout)
        let path = folder.path + "/sheet.tif"
        try sheet.write(to: path, settings: EncodeSettings(format: .tiff, compression: compression))
        #expect(try SampleSheet.bytes(of: path).prefix(4) == [0x49, 0x49, 0x2A, 0x00])
        let stored = try StoredTIFF(path: path)
        #expect(stored.width == 300 && stored.height == 200 && stored.tileWidth == 256 && stored.tileHeight == 256)
        #expect(stored.samplesPerPixel == channels.layout.channelCount)
        #expect(stored.extraSamples == (channels == .rgba ? [2] : []))  // 2: unassociated alpha
        #expect(!stored.isBig)
        #expect(stored.pixels == sheet.pixels)
    }

    @Test("pinboard's own reader decodes an RGB sheet to exactly its pixels")
    func registryDecode() throws {
        let sheet = SampleSheet.gradient(channels: .rgb)
        let path = folder.path + "/registry.tif"
        try sheet.write(to: path, settings: EncodeSettings(format: .tiff))
        #expect(try SampleSheet.decodeRGB(path: path) == sheet.pixels)
        let info = try ImageRegistry.pinboard.probe(path: path, limits: .default)
        #expect(info.color == .icc(try SRGBProfile.bytes()))
    }

    @Test("The manifest reads back from ImageDescription")
    func manifest() throws {
        let manifest = SampleSheet.manifest()
        let path = folder.path + "/manifest.tif"
        try SampleSheet.gradient(channels: .rgba).write(to: path, settings: EncodeSettings(format: .tiff), manifest: manifest)
        #expect(try TIFFManifest.text(path: path) == manifest.jsonText())
        let plain = folder.path + "/plain.tif"
        try SampleSheet.gradient(channels: .rgb).write(to: plain, settings: EncodeSettings(format: .tiff))
        #expect(try TIFFManifest.text(path: plain) == nil)
    }

    @Test("A pipe gets the TIFF through a spool: the bytes a file gets, after the last band")
    func pipe() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/file.tif"
        let sheet = SampleSheet.gradient(channels: .rgb)
        try sheet.write(to: file, settings: EncodeSettings(format: .tiff))
        var ends: [Int32] = [0, 0]
        try #require(Glibc.pipe(&ends) == 0)
        let reader = Thread { [read = ends[0]] in
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(read, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                bytes += buffer[0..<count]
            }
            PipeBytes.received.withLock { $0 = bytes }
        }
        reader.start()
        try sheet.write(toFileDescriptor: ends[1], name: "<stdout>", settings: EncodeSettings(format: .tiff))
        close(ends[1])
        while !reader.isFinished { usleep(1000) }
        close(ends[0])
        #expect(PipeBytes.received.withLock { $0 } == [UInt8](try Fixture.bytes(file)))
    }

}

/// What the pipe test's reading thread received.
private enum PipeBytes {
    static let received = Mutex<[UInt8]>([])
}
