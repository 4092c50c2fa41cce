import Layout

extension Manifest {
    /// A layout mode other than masonry as the manifest's `layout` object records it:
    /// `{"mode":"justified","rowHeight":320,"rowTolerance":0.25,"widows":"left"}`, the
    /// mode's name and then its settings' own fields (`LayoutModeSettings.fields`), so a new
    /// mode is written and read without a line here.
    ///
    /// Masonry's settings are the manifest's own top-level members (`placement`, `tolerance`,
    /// `spanWide`, `spanAll`), as they were before there were other modes, so its manifests
    /// keep their bytes; every other mode writes this one object. Manifests written before the
    /// object existed held a line of words (`justified 320 0.25 left max-rows 4`,
    /// `grid 190x190 3 cover`), which reads back too.
    enum LayoutRecord {
        /// A member's name, whatever the mode.
        struct Key: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
            static let mode = Key(stringValue: "mode")
        }

        /// Writes `mode`'s object.
        static func write(_ mode: LayoutMode, to json: inout JSONText) {
            let fields = mode.settings.fields.map { field in
                (key: field.key, value: { (json: inout JSONText) in write(field.value, to: &json) })
            }
            json.object([(key: Key.mode.stringValue, value: { (json: inout JSONText) in json.string(mode.name.rawValue) })] + fields)
        }

        private static func write(_ field: LayoutField, to json: inout JSONText) {
            switch field {
            case .integer(let value): json.number(value)
            case .number(let value): json.number(value)
            case .word(let value): json.string(value)
            }
        }

        /// Encodes `mode`'s object under `layout`, with the members `write` writes.
        static func encode(_ mode: LayoutMode, to container: inout KeyedEncodingContainer<Manifest.CodingKeys>) throws {
            var object = container.nestedContainer(keyedBy: Key.self, forKey: .layout)
            try object.encode(mode.name, forKey: .mode)
            for (key, value) in mode.settings.fields {
                switch value {
                case .integer(let number): try object.encode(number, forKey: Key(stringValue: key))
                case .number(let number): try object.encode(number, forKey: Key(stringValue: key))
                case .word(let word): try object.encode(word, forKey: Key(stringValue: key))
                }
            }
        }

        /// Reads the `layout` member: the object, or the line of words of older manifests;
        /// nil without one (masonry).
        static func read(from container: KeyedDecodingContainer<Manifest.CodingKeys>) throws -> LayoutMode? {
            guard container.contains(.layout) else { return nil }
            if let words = try? container.decode(String.self, forKey: .layout) {
                guard let mode = legacy(words) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .layout, in: container, debugDescription: "'\(words)' names no layout mode")
                }
                return mode
            }
            let object = try container.nestedContainer(keyedBy: Key.self, forKey: .layout)
            let name = try object.decode(LayoutMode.Name.self, forKey: .mode)
            var fields: [String: LayoutField] = [:]
            for key in object.allKeys where key.stringValue != Key.mode.stringValue {
                if let integer = try? object.decode(Int.self, forKey: key) {
                    fields[key.stringValue] = .integer(integer)
                } else if let number = try? object.decode(Double.self, forKey: key) {
                    fields[key.stringValue] = .number(number)
                } else {
                    fields[key.stringValue] = .word(try object.decode(String.self, forKey: key))
                }
            }
            guard let mode = LayoutMode(name: name, fields: fields) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .layout, in: container, debugDescription: "the \(name) layout's settings are incomplete")
            }
            return name == .masonry ? nil : mode
        }

        /// The mode an older manifest's line of words names; nil when it names none.
        static func legacy(_ words: String) -> LayoutMode? {
            let parts = words.split(separator: " ").map(String.init)
            switch parts.first {
            case "justified":
                guard parts.count == 4 || (parts.count == 6 && parts[4] == "max-rows"),
                    let height = Int(parts[1]), let tolerance = Double(parts[2]), let widows = WidowStyle(rawValue: parts[3])
                else { return nil }
                return .justified(JustifiedSettings(
                    rowHeight: height, tolerance: tolerance, widows: widows, maxRows: parts.count == 6 ? Int(parts[5]) : nil))
            case "grid":
                let cell = parts.count == 4 ? parts[1].split(separator: "x").compactMap { Int($0) } : []
                guard cell.count == 2, let fit = GridFit(rawValue: parts[3]) else { return nil }
                return .grid(GridSettings(cellWidth: cell[0], cellHeight: cell[1], fit: fit))
            default:
                return nil
            }
        }
    }
}
