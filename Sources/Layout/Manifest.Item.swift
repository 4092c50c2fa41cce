extension Manifest {
    /// A placed source: where its tile is on the sheet and how large the source was.
    public struct Item: Codable, Hashable, Sendable {
        /// The source's name, usually its path.
        public var source: String
        public var x: Int
        public var y: Int
        /// The tile's width on the sheet, padding excluded.
        public var width: Int
        /// The tile's height on the sheet, padding excluded.
        public var height: Int
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

        enum CodingKeys: String, CodingKey, CaseIterable {
            case source, x, y, width, height, lane
            case laneCount = "lanes"
            case sourceWidth, sourceHeight, crop
        }

        public init(source: String, rect: Rect, lane: Int, laneCount: Int = 1, sourceSize: Size, crop: Int = 0) {
            self.source = source
            self.x = rect.x
            self.y = rect.y
            self.width = rect.width
            self.height = rect.height
            self.lane = lane
            self.laneCount = laneCount
            self.sourceWidth = sourceSize.width
            self.sourceHeight = sourceSize.height
            self.crop = crop
        }

        /// Reads an item; `lanes` may be missing, and is then 1; `crop` likewise 0.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            source = try container.decode(String.self, forKey: .source)
            x = try container.decode(Int.self, forKey: .x)
            y = try container.decode(Int.self, forKey: .y)
            width = try container.decode(Int.self, forKey: .width)
            height = try container.decode(Int.self, forKey: .height)
            lane = try container.decode(Int.self, forKey: .lane)
            laneCount = try container.decodeIfPresent(Int.self, forKey: .laneCount) ?? 1
            sourceWidth = try container.decode(Int.self, forKey: .sourceWidth)
            sourceHeight = try container.decode(Int.self, forKey: .sourceHeight)
            crop = try container.decodeIfPresent(Int.self, forKey: .crop) ?? 0
        }

        /// Where the tile is on the sheet.
        public var rect: Rect { Rect(x: x, y: y, width: width, height: height) }

        /// The source's own size, before scaling.
        public var sourceSize: Size { Size(width: sourceWidth, height: sourceHeight) }

        /// Writes the item as a JSON object, keys in the declared order.
        func write(to json: inout JSONText) {
            json.object(CodingKeys.self, including: { ($0 != .laneCount || laneCount != 1) && ($0 != .crop || crop != 0) }) { json, key in
                switch key {
                case .source: json.string(source)
                case .x: json.number(x)
                case .y: json.number(y)
                case .width: json.number(width)
                case .height: json.number(height)
                case .lane: json.number(lane)
                case .laneCount: json.number(laneCount)
                case .sourceWidth: json.number(sourceWidth)
                case .sourceHeight: json.number(sourceHeight)
                case .crop: json.number(crop)
                }
            }
        }
    }
}
