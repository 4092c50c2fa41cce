import Geometry
import Layout


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
        /// The header band: the sheet's width less the margins by the section header height
        /// (in a horizontal sheet, the other way round), written flat as `x`, `y`, `width`
        /// and `height`.
        public var header: Rect
    }
}

/// Its coding sits apart from the declaration so that `Manifest` builds sections with the
/// implicit memberwise initialiser: readers only decode them.
extension Manifest.Section {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        start = try container.decode(Int.self, forKey: .start)
        header = try Rect(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(start, forKey: .start)
        try header.encode(to: encoder)
    }

    /// Writes the section as a JSON object, keys in the declared order.
    func write(to json: inout JSONText) {
        json.object(CodingKeys.self) { json, key in
            switch key {
            case .name: json.string(name)
            case .start: json.number(start)
            case .x: json.number(header.x)
            case .y: json.number(header.y)
            case .width: json.number(header.width)
            case .height: json.number(header.height)
            }
        }
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, start, x, y, width, height
    }
}
