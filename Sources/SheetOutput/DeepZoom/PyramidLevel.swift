/// One level of a Deep Zoom pyramid, built from rows as they arrive and holding only the
/// rows its next row of pyramid tiles still needs (at most `tileSize + 2·overlap`), plus
/// one row waiting for its partner to make a row of the level below.
///
/// A level below is `ceil(width/2) × ceil(height/2)`: each of its pixels is the 2×2 box
/// average `(a + b + c + d + 2) / 4` of rows `2y`, `2y+1` and columns `2x`, `2x+1` above,
/// every channel on its own (alpha too, as libvips's shrink treats straight alpha). An odd
/// last column or row has no partner and is averaged with itself, which is libvips's
/// `dzsave` extending each level by a copy of its edge before halving it.
struct PyramidLevel {
    /// The Deep Zoom level number: 0 is 1×1, the highest is the full sheet.
    let number: Int
    let width: Int
    let height: Int
    /// Bytes per pixel: 3 for RGB, 4 for straight RGBA.
    let channels: Int
    private let settings: DeepZoomSettings
    /// Rows `firstHeldRow..<receivedRows`, no padding.
    private var held: [UInt8] = []
    private var firstHeldRow = 0
    private(set) var receivedRows = 0
    /// The next row of pyramid tiles to cut.
    private var nextTileRow = 0
    /// An even row, waiting for the odd row below it to make a row of the next level.
    private var unpaired: [UInt8]?

    init(number: Int, width: Int, height: Int, channels: Int, settings: DeepZoomSettings) {
        self.number = number
        self.width = width
        self.height = height
        self.channels = channels
        self.settings = settings
    }

    /// The sizes of a pyramid over a `width` × `height` sheet, full size first, each half
    /// the one before (rounded up), down to 1×1: `ceil(log2(max(width, height))) + 1` levels.
    static func sizes(width: Int, height: Int) -> [(width: Int, height: Int)] {
        var sizes = [(width: width, height: height)]
        while let last = sizes.last, last.width > 1 || last.height > 1 {
            sizes.append((width: (last.width + 1) / 2, height: (last.height + 1) / 2))
        }
        return sizes
    }

    /// The rows the level keeps right now, the unpaired one included.
    var heldRows: Int { receivedRows - firstHeldRow + (unpaired == nil ? 0 : 1) }

    /// Whether every row of the level has arrived (and so every pyramid tile was cut).
    var isComplete: Bool { receivedRows == height }

    /// Takes the level's next row, `width · channels` bytes.
    ///
    /// - Returns: the row of the level below this one completes, if any, and the pyramid
    ///   tiles whose last row it was.
    mutating func take(_ row: [UInt8]) -> (halved: [UInt8]?, tiles: [PyramidTile]) {
        let index = receivedRows
        held.append(contentsOf: row)
        receivedRows += 1
        var halved: [UInt8]?
        if index % 2 == 1, let upper = unpaired {
            halved = Self.halve(upper, row, width: width, channels: channels)
            unpaired = nil
        } else if index == height - 1 {
            halved = Self.halve(row, row, width: width, channels: channels)
        } else {
            unpaired = row
        }
        return (halved, cutTiles())
    }

    /// Cuts every row of pyramid tiles whose last row has arrived, then lets go of the rows
    /// no later tile row covers.
    private mutating func cutTiles() -> [PyramidTile] {
        var tiles: [PyramidTile] = []
        let rowsOfTiles = settings.tileCount(length: height)
        while nextTileRow < rowsOfTiles, settings.span(of: nextTileRow, length: height).upperBound <= receivedRows {
            let ys = settings.span(of: nextTileRow, length: height)
            for column in 0..<settings.tileCount(length: width) {
                let xs = settings.span(of: column, length: width)
                var pixels: [UInt8] = []
                pixels.reserveCapacity(xs.count * ys.count * channels)
                for y in ys {
                    let start = ((y - firstHeldRow) * width + xs.lowerBound) * channels
                    pixels.append(contentsOf: held[start..<(start + xs.count * channels)])
                }
                tiles.append(PyramidTile(
                    level: number, column: column, row: nextTileRow, width: xs.count, height: ys.count, pixels: pixels))
            }
            nextTileRow += 1
            let keepFrom = nextTileRow < rowsOfTiles ? settings.span(of: nextTileRow, length: height).lowerBound : receivedRows
            held.removeFirst((keepFrom - firstHeldRow) * width * channels)
            firstHeldRow = keepFrom
        }
        return tiles
    }

    /// The row of the level below made of rows `upper` and `lower` (the same row for an odd
    /// last row), each pixel the rounded average of a 2×2 box; an odd last column is
    /// averaged with itself.
    static func halve(_ upper: [UInt8], _ lower: [UInt8], width: Int, channels: Int) -> [UInt8] {
        let halfWidth = (width + 1) / 2
        var result = [UInt8](repeating: 0, count: halfWidth * channels)
        for x in 0..<halfWidth {
            let left = 2 * x * channels
            let right = min(2 * x + 1, width - 1) * channels
            for channel in 0..<channels {
                let sum = UInt16(upper[left + channel]) + UInt16(upper[right + channel])
                    + UInt16(lower[left + channel]) + UInt16(lower[right + channel])
                result[x * channels + channel] = UInt8((sum + 2) / 4)
            }
        }
        return result
    }
}
