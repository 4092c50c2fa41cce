import Foundation
import Geometry
import Layout
@testable import Pinboard
import Raster
import SheetManifest
import Testing

/// The queue that renders tiles ahead of the band writer: every released tile is handed
/// over once, keyed by tile; asking for one no worker will render stops the process instead
/// of hanging it.
@Suite("Tile queue")
struct TileQueueTests {
    /// Ten tiles stacked out of input order, so `order` differs from the indices.
    static let tiles = (0..<10).map { index in
        Tile(index: index, rect: Rect(x: 0, y: (index * 7) % 10 * 20, width: 10, height: 20), lane: 0)
    }

    /// A tile as wide as its index plus one, or a failure for every third: each result says
    /// which tile it was rendered for.
    static func render(_ index: Int) -> Result<RenderedTile, Manifest.SkippedSource> {
        guard index % 3 != 0, let pixels = try? TilePixels(width: index + 1, height: 1) else {
            return .failure(Manifest.SkippedSource(source: "tile-\(index)", reason: .recorded("failed on purpose")))
        }
        return .success(RenderedTile(pixels: pixels, cut: nil))
    }

    /// A queue of `tiles` released up to `position`, for an exit test: its process ends
    /// cleanly after a few seconds, so a `take` that hangs fails the expectation of a crash
    /// instead of keeping the test waiting forever.
    static func queueInExitTest(releasedTo position: Int) -> TileQueue {
        Thread.detachNewThread {
            sleep(5)
            exit(0)
        }
        let queue = TileQueue(tiles: tiles, workers: 2, render: render)
        queue.advance(to: position)
        return queue
    }

    @Test("Workers start tiles by top edge")
    func order() {
        let queue = TileQueue(tiles: Self.tiles, workers: 2, render: Self.render)
        defer { queue.stop() }
        #expect(queue.order.map { Self.tiles[$0].rect.y } == queue.order.map { Self.tiles[$0].rect.y }.sorted())
        #expect(queue.order.sorted() == Array(0..<10))
    }

    @Test("Each released tile is handed over keyed by tile, whichever worker finished first", arguments: [1, 3])
    func takeKeyedByTile(workers: Int) {
        let queue = TileQueue(tiles: Self.tiles, workers: workers, render: Self.render)
        defer { queue.stop() }
        queue.advance(to: 4)
        for index in queue.order.prefix(4).reversed() {
            #expect(queue.take(index) == Self.render(index), "tile \(index)")
        }
        queue.advance(to: 10)
        for index in queue.order.dropFirst(4).reversed() {
            #expect(queue.take(index) == Self.render(index), "tile \(index)")
        }
    }

    @Test("Taking a tile the frontier has not reached stops the process")
    func takeUnreleased() async {
        await #expect(processExitsWith: .failure) {
            let queue = TileQueueTests.queueInExitTest(releasedTo: 3)
            _ = queue.take(queue.order[3])
        }
    }

    @Test("Taking a tile twice stops the process")
    func takeTwice() async {
        await #expect(processExitsWith: .failure) {
            let queue = TileQueueTests.queueInExitTest(releasedTo: 10)
            _ = queue.take(queue.order[0])
            _ = queue.take(queue.order[0])
        }
    }

    @Test("Taking a tile after the queue stopped stops the process")
    func takeAfterStop() async {
        await #expect(processExitsWith: .failure) {
            let queue = TileQueueTests.queueInExitTest(releasedTo: 10)
            queue.stop()
            _ = queue.take(queue.order[0])
        }
    }
}
