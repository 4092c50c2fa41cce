import Geometry
import Layout
import Pinboard

/// Reads one sheet band by band and cuts out the tiles a comparison asks for, each handed
/// over whole once its last row has been read.
///
/// Only the tiles crossing the current band and those cut but not yet claimed are in
/// memory, never the sheet. Used by one thread at a time (the comparer hands it to a worker
/// and waits), hence `@unchecked Sendable`.
final class TileCutter: @unchecked Sendable {
    /// A tile cut from the sheet: straight RGBA rows, `rect.width * 4` bytes each.
    struct Cut {
        let id: Int
        let width: Int
        let pixels: [UInt8]
    }

    private struct Open {
        let id: Int
        let rect: Rect
        var pixels: [UInt8]
    }

    private let reader: SheetBandReader
    /// The wanted tiles by their top edge, and the next one to open.
    private let wanted: [(id: Int, rect: Rect)]
    private var nextWanted = 0
    private var open: [Open] = []
    private var band: [UInt8]
    private let bandRows: Int

    /// - Parameters:
    ///   - wanted: The tiles to cut, each with the id it is handed over with; every rect must
    ///     lie inside the sheet.
    init(reader: SheetBandReader, wanted: [(id: Int, rect: Rect)], bandRows: Int = 64) {
        self.reader = reader
        self.wanted = wanted.sorted { ($0.rect.y, $0.id) < ($1.rect.y, $1.id) }
        self.bandRows = bandRows
        band = Array(repeating: 0, count: reader.width * 4 * min(bandRows, max(reader.height, 1)))
    }

    var isFinished: Bool { reader.isFinished }

    /// Reads the next band and returns the tiles whose last row was in it.
    func advance() throws(CompareError) -> [Cut] {
        let top = reader.rowsRead
        let count = min(bandRows, reader.height - top)
        let stride = reader.width * 4
        try reader.read(count, into: &band)
        while nextWanted < wanted.count, wanted[nextWanted].rect.y < top + count {
            let tile = wanted[nextWanted]
            var pixels: [UInt8] = []
            pixels.reserveCapacity(tile.rect.width * tile.rect.height * 4)
            open.append(Open(id: tile.id, rect: tile.rect, pixels: pixels))
            nextWanted += 1
        }
        var cuts: [Cut] = []
        band.withUnsafeBytes { rows in
            for position in open.indices {
                let rect = open[position].rect
                let first = max(rect.y, top)
                let last = min(rect.maxY, top + count)
                for y in first..<last {
                    let start = (y - top) * stride + rect.x * 4
                    open[position].pixels.append(contentsOf: rows[start..<start + rect.width * 4])
                }
            }
        }
        open.removeAll { tile in
            guard tile.rect.maxY <= top + count else { return false }
            cuts.append(Cut(id: tile.id, width: tile.rect.width, pixels: tile.pixels))
            return true
        }
        return cuts
    }
}
