import Geometry


extension Manifest {
    /// A section of the board: its name, its first source, and the header band above it.
    ///
    /// The band is written as a rect, like an item's tile, so a reader finds it without the
    /// geometry's formula, in either direction.
    public struct Section: Codable, Hashable, Sendable {
        /// The name drawn in the header band, usually the section's folder.
        public var name: String
        /// The position in `items` of the section's first source.
        public var start: Int
        public var x: Int
        public var y: Int
        /// The header band's width: the sheet's less the margins (0 in a horizontal sheet).
        public var width: Int
        /// The header band's height: the section header height (the sheet's less the margins
        /// in a horizontal sheet).
        public var height: Int

        public init(name: String, start: Int, header: Rect) {
            self.name = name
            self.start = start
            self.x = header.x
            self.y = header.y
            self.width = header.width
            self.height = header.height
        }

        /// The header band.
        public var header: Rect { Rect(x: x, y: y, width: width, height: height) }

        /// Writes the section as a JSON object, keys in the declared order.
        func write(to json: inout JSONText) {
            json.object(CodingKeys.self) { json, key in
                switch key {
                case .name: json.string(name)
                case .start: json.number(start)
                case .x: json.number(x)
                case .y: json.number(y)
                case .width: json.number(width)
                case .height: json.number(height)
                }
            }
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case name, start, x, y, width, height
        }
    }
}
