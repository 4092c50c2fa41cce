import Foundation
import SheetOutput
import TestSupport
import Testing

/// The sinks that write a pyramid, whatever its layout, with the count of pyramid tiles
/// written so far.
protocol PyramidSink: SheetSink {
    var tilesWritten: Int { get }
}

extension DeepZoomSink: PyramidSink {}
extension IIIFSink: PyramidSink {}

/// What the Deep Zoom and the IIIF sink promise alike, checked on each.
@Suite("Pyramid sinks")
struct PyramidSinkTests {
    /// One layout's sink, made in a folder with pyramid tiles of 32 px.
    struct Layout: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let sink: @Sendable (_ folder: String) throws -> any PyramidSink
    }

    static let layouts = [
        Layout(testDescription: "Deep Zoom") { try DeepZoomSink(path: $0 + "/board.dzi", settings: DeepZoomSettings(tileSize: 32)) },
        Layout(testDescription: "IIIF") { try IIIFSink(folder: $0 + "/board", settings: DeepZoomSettings(tileSize: 32)) },
    ]

    @Test("A sink dropped between bands leaves no pyramid and no temporary folder", arguments: layouts)
    func droppedBetweenBands(layout: Layout) throws {
        let folder = try TemporaryFolder()
        do {
            let sink = try layout.sink(folder.path)
            try PyramidSheet(width: 100, height: 300).feed(sink, bands: 2)
            #expect(sink.tilesWritten > 0)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }
}
