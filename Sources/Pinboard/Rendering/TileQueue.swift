import Foundation
import Layout
import PNGCodec
import Raster
import SheetManifest

/// Renders tiles on worker threads ahead of the band writer, in the order bands need them.
///
/// Tiles are started in order of their top edge. The writer moves a frontier forward as
/// it reaches each band: every tile the band meets lies before it, plus a few tiles of
/// look-ahead for the workers, so memory holds the tiles of about one band and never
/// the whole sheet. Results are keyed by tile, so the sheet does not depend on which
/// worker finished first.
final class TileQueue: @unchecked Sendable {
    typealias Render = @Sendable (Int) -> Result<RenderedTile, Manifest.SkippedSource>

    /// Tile indices in the order workers take them: by top edge, then input order.
    let order: [Int]
    /// Each tile's place in `order`, to tell whether the frontier has released it.
    private let positions: [Int]
    private let render: Render
    private let condition = NSCondition()
    private var nextPosition = 0
    private var frontier = 0
    private var finished: [Int: Result<RenderedTile, Manifest.SkippedSource>] = [:]
    /// Tiles `take` has returned; no worker renders one again.
    private var handedOver = Set<Int>()
    private var stopped = false

    init(tiles: [Tile], workers: Int, render: @escaping Render) {
        order = tiles.indices.sorted { (tiles[$0].rect.y, $0) < (tiles[$1].rect.y, $1) }
        var positions = Array(repeating: 0, count: tiles.count)
        for (position, index) in order.enumerated() { positions[index] = position }
        self.positions = positions
        self.render = render
        for _ in 0..<max(1, workers) {
            Thread.detachNewThread { [self] in work() }
        }
    }

    /// Lets workers start every tile up to `position` (exclusive) in `order`.
    func advance(to position: Int) {
        condition.lock()
        if position > frontier {
            frontier = min(position, order.count)
            condition.broadcast()
        }
        condition.unlock()
    }

    /// Waits for the tile at `index` and hands it over; the queue keeps no copy.
    ///
    /// - Precondition: `advance(to:)` has released the tile, the queue has not stopped, and
    ///   the tile was not taken before. A tile no worker will render would otherwise be
    ///   waited for forever: a hung render is worse than a crash that names the tile.
    func take(_ index: Int) -> Result<RenderedTile, Manifest.SkippedSource> {
        condition.lock()
        defer { condition.unlock() }
        precondition(!stopped, "tile \(index) was asked for after the queue stopped")
        precondition(
            positions[index] < frontier,
            "tile \(index) was never released to the workers: it is \(positions[index]) in order, the frontier \(frontier)")
        precondition(handedOver.insert(index).inserted, "tile \(index) was taken twice")
        while true {
            if let result = finished.removeValue(forKey: index) { return result }
            condition.wait()
        }
    }

    /// Ends the workers once their current tile is done; tiles not taken are dropped.
    func stop() {
        condition.lock()
        stopped = true
        finished.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while !stopped && nextPosition >= frontier && nextPosition < order.count {
                condition.wait()
            }
            if stopped || nextPosition >= order.count {
                condition.unlock()
                return
            }
            let index = order[nextPosition]
            nextPosition += 1
            condition.unlock()

            let result = render(index)

            condition.lock()
            if !stopped { finished[index] = result }
            condition.broadcast()
            condition.unlock()
        }
    }
}
