/// How a Deep Zoom pyramid is cut: the pyramid tiles' size, their overlap and the format
/// each pyramid tile is written in, with libvips's `dzsave` defaults (254, 1, JPEG), so a
/// 254-px tile plus an overlap on each side makes the 256 px a GPU likes.
public struct DeepZoomSettings: Hashable, Sendable {
    /// The formats a pyramid tile is written in: the ones OpenSeadragon reads in every browser.
    public enum TileFormat: String, CaseIterable, Hashable, Sendable {
        case jpeg
        case png
        case webp

        /// The sheet format whose sink writes a pyramid tile of this format.
        public var sheetFormat: SheetFormat {
            switch self {
            case .jpeg: .jpeg
            case .png: .png
            case .webp: .webp
            }
        }
    }

    /// The side of a pyramid tile without its overlap, 1 to 8192.
    public var tileSize: Int
    /// Pixels each pyramid tile repeats of its neighbours on every inner side, 0 to `tileSize`.
    public var overlap: Int
    public var tileFormat: TileFormat

    /// The sizes `tileSize` may take.
    public static let tileSizes = 1...8192

    public init(tileSize: Int = 254, overlap: Int = 1, tileFormat: TileFormat = .jpeg) {
        self.tileSize = tileSize
        self.overlap = overlap
        self.tileFormat = tileFormat
    }

    /// What a pyramid's manifest records of its tiles: their size and format, and `quality`
    /// unless they are PNG, which does not read it.
    func manifestOptions(quality: Int) -> [String: String] {
        var options = ["tileSize": String(tileSize), "tileFormat": tileFormat.rawValue]
        if tileFormat != .png { options["quality"] = String(quality) }
        return options
    }

    /// The span a pyramid tile covers along one axis of a level `length` pixels long, as
    /// libvips lays them out: tile `index` starts at `index·tileSize`, less `overlap` unless
    /// it is the first, and ends `overlap` past the next tile's start, or at the level's edge.
    public func span(of index: Int, length: Int) -> Range<Int> {
        let start = index * tileSize - (index > 0 ? overlap : 0)
        return start..<min(length, (index + 1) * tileSize + overlap)
    }

    /// How many pyramid tiles cover a level `length` pixels long: `ceil(length / tileSize)`.
    public func tileCount(length: Int) -> Int {
        (length + tileSize - 1) / tileSize
    }

    /// How many levels a pyramid over a `width` × `height` sheet has, 1×1 to full size:
    /// `ceil(log2(max(width, height))) + 1`.
    public static func levelCount(width: Int, height: Int) -> Int {
        PyramidLevel.sizes(width: width, height: height).count
    }
}
