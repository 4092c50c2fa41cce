import Geometry
import Layout

extension Manifest {
    /// A placed source: where its tile is on the sheet and how large the source was.
    public struct Item: Codable, Hashable, Sendable {
        /// The source's name, usually its path.
        public var source: String
        /// What pairs this tile with the same source's tile on another sheet: the path below
        /// the folder argument it was found in (`sub/a.png` for `shots/sub/a.png` found in
        /// `shots/`), the file's own name for a file argument; written only when set.
        public var name: String?
        /// The SHA-256 of the source file as 64 lowercase hex digits; written only when set.
        public var sha256: String?
        /// The format the source was read as ("PNG", "JPEG", "WebP", …); written only when set.
        public var format: String?
        /// The description of the embedded colour profile the source was converted to sRGB
        /// from ("Display P3"); written only when a conversion took place.
        public var colorProfile: String?
        public var x: Int
        public var y: Int
        /// The tile's width on the sheet, padding excluded.
        public var width: Int
        /// The tile's height on the sheet, padding excluded.
        public var height: Int
        /// Tile pixels per source pixel across the lane (the width ratio in vertical
        /// layouts, the height ratio in horizontal ones); written only when set.
        public var scale: Double?
        /// The first lane the tile sits in.
        public var lane: Int
        /// How many lanes the tile spans; written as `lanes`, and only when not 1.
        public var laneCount: Int
        /// The source's own width, before scaling.
        public var sourceWidth: Int
        /// The source's own height, before scaling.
        public var sourceHeight: Int
        /// Rows cropped to level the bottom (half from the top, the rest from the bottom of
        /// the scaled source); written only when not 0.
        public var crop: Int
        /// The grid cell the tile sits in, padding excluded (the tile itself under `fill` and
        /// `cover`); written as `cellX`, `cellY`, `cellWidth`, `cellHeight`, only in grids.
        public var cell: Rect?
        /// How the tile was cut from its scaled source: written as `scaledWidth`,
        /// `scaledHeight`, `cropX`, `cropY` for tiles covering a grid cell, and for levelled
        /// tiles whose cut an attention focus moved from the centre.
        public var cut: TileCrop?
        /// How the tile falls short of its source when decoding failed partway ("drawn in
        /// part: rows 1-812 of 1024, then file is truncated"); written only when set.
        public var damage: String?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case source, name, sha256, format, colorProfile, x, y, width, height, scale, lane
            case laneCount = "lanes"
            case sourceWidth, sourceHeight, crop
            case cellX, cellY, cellWidth, cellHeight
            case scaledWidth, scaledHeight, cropX, cropY
            case damage
        }

        public init(
            source: String, name: String? = nil, sha256: String? = nil, format: String? = nil,
            colorProfile: String? = nil, rect: Rect, scale: Double? = nil, lane: Int,
            laneCount: Int = 1, sourceSize: Size, crop: Int = 0, cell: Rect? = nil, cut: TileCrop? = nil
        ) {
            self.source = source
            self.name = name
            self.sha256 = sha256
            self.format = format
            self.colorProfile = colorProfile
            self.scale = scale
            self.x = rect.x
            self.y = rect.y
            self.width = rect.width
            self.height = rect.height
            self.lane = lane
            self.laneCount = laneCount
            self.sourceWidth = sourceSize.width
            self.sourceHeight = sourceSize.height
            self.crop = crop
            self.cell = cell
            self.cut = cut
        }

        /// Reads an item; `lanes` may be missing, and is then 1; `crop` likewise 0; `name`,
        /// `sha256`, `format`, `colorProfile` and `scale` nil.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            source = try container.decode(String.self, forKey: .source)
            name = try container.decodeIfPresent(String.self, forKey: .name)
            sha256 = try container.decodeIfPresent(String.self, forKey: .sha256)
            format = try container.decodeIfPresent(String.self, forKey: .format)
            colorProfile = try container.decodeIfPresent(String.self, forKey: .colorProfile)
            scale = try container.decodeIfPresent(Double.self, forKey: .scale)
            x = try container.decode(Int.self, forKey: .x)
            y = try container.decode(Int.self, forKey: .y)
            width = try container.decode(Int.self, forKey: .width)
            height = try container.decode(Int.self, forKey: .height)
            lane = try container.decode(Int.self, forKey: .lane)
            laneCount = try container.decodeIfPresent(Int.self, forKey: .laneCount) ?? 1
            sourceWidth = try container.decode(Int.self, forKey: .sourceWidth)
            sourceHeight = try container.decode(Int.self, forKey: .sourceHeight)
            crop = try container.decodeIfPresent(Int.self, forKey: .crop) ?? 0
            if let cellX = try container.decodeIfPresent(Int.self, forKey: .cellX) {
                cell = Rect(
                    x: cellX, y: try container.decode(Int.self, forKey: .cellY),
                    width: try container.decode(Int.self, forKey: .cellWidth),
                    height: try container.decode(Int.self, forKey: .cellHeight))
            }
            if let scaledWidth = try container.decodeIfPresent(Int.self, forKey: .scaledWidth) {
                cut = TileCrop(
                    scaled: Size(width: scaledWidth, height: try container.decode(Int.self, forKey: .scaledHeight)),
                    x: try container.decode(Int.self, forKey: .cropX), y: try container.decode(Int.self, forKey: .cropY))
            }
            damage = try container.decodeIfPresent(String.self, forKey: .damage)
        }

        /// Writes the members `write(to:)` writes, for encoders other than the manifest's own.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            for key in CodingKeys.allCases where includes(key) {
                switch key {
                case .source: try container.encode(source, forKey: key)
                case .name: try container.encode(name, forKey: key)
                case .sha256: try container.encode(sha256, forKey: key)
                case .format: try container.encode(format, forKey: key)
                case .colorProfile: try container.encode(colorProfile, forKey: key)
                case .scale: try container.encode(scale, forKey: key)
                case .damage: try container.encode(damage, forKey: key)
                default: try container.encode(integer(key), forKey: key)
                }
            }
        }

        /// The member under an integer key.
        private func integer(_ key: CodingKeys) -> Int {
            switch key {
            case .x: x
            case .y: y
            case .width: width
            case .height: height
            case .lane: lane
            case .laneCount: laneCount
            case .sourceWidth: sourceWidth
            case .sourceHeight: sourceHeight
            case .crop: crop
            case .cellX: cell?.x ?? 0
            case .cellY: cell?.y ?? 0
            case .cellWidth: cell?.width ?? 0
            case .cellHeight: cell?.height ?? 0
            case .scaledWidth: cut?.scaled.width ?? 0
            case .scaledHeight: cut?.scaled.height ?? 0
            case .cropX: cut?.x ?? 0
            case .cropY: cut?.y ?? 0
            case .source, .name, .sha256, .format, .colorProfile, .scale, .damage: 0
            }
        }

        /// What pairs the tile across sheets: `name` when set, `source` otherwise.
        public var pairingKey: String { name ?? source }

        /// Where the tile is on the sheet.
        public var rect: Rect { Rect(x: x, y: y, width: width, height: height) }

        /// The source's own size, before scaling.
        public var sourceSize: Size { Size(width: sourceWidth, height: sourceHeight) }

        /// Whether `write(to:)` writes the member: the optional ones only when they are in use.
        private func includes(_ key: CodingKeys) -> Bool {
            switch key {
            case .name: name != nil
            case .sha256: sha256 != nil
            case .format: format != nil
            case .colorProfile: colorProfile != nil
            case .scale: scale != nil
            case .laneCount: laneCount != 1
            case .crop: crop != 0
            case .cellX, .cellY, .cellWidth, .cellHeight: cell != nil
            case .scaledWidth, .scaledHeight, .cropX, .cropY: cut != nil
            case .damage: damage != nil
            default: true
            }
        }

        /// Writes the item as a JSON object, keys in the declared order.
        func write(to json: inout JSONText) {
            json.object(CodingKeys.self, including: includes) { json, key in
                switch key {
                case .source: json.string(source)
                case .name: json.string(name ?? "")
                case .sha256: json.string(sha256 ?? "")
                case .format: json.string(format ?? "")
                case .colorProfile: json.string(colorProfile ?? "")
                case .scale: json.number(scale ?? 0)
                case .damage: json.string(damage ?? "")
                default: json.number(integer(key))
                }
            }
        }
    }
}
