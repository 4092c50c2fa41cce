import Layout

extension Manifest {
    /// A layout mode other than masonry as the manifest's `layout` object records it:
    /// `{"mode":"justified","rowHeight":320,"rowTolerance":0.25,"widows":"left"}`.
    ///
    /// Masonry's settings are the manifest's own top-level members (`placement`, `tolerance`,
    /// `spanWide`, `spanAll`), as they were before there were other modes, so its manifests
    /// keep their bytes; every other mode writes this one object. Manifests written before the
    /// object existed held a line of words (`justified 320 0.25 left max-rows 4`,
    /// `grid 190x190 3 cover`), which reads back too.
    enum LayoutRecord {
        enum Key: String, CodingKey, CaseIterable {
            case mode, rowHeight, rowTolerance, widows, maxRows, cellWidth, cellHeight, fit
        }

        /// Writes `mode`'s object; nothing is written for masonry, which `includes` leaves out.
        static func write(_ mode: LayoutMode, to json: inout JSONText) {
            let members: Set<Key>
            switch mode {
            case .masonry: members = [.mode]
            case .justified(let rows): members = rows.maxRows == nil ? [.mode, .rowHeight, .rowTolerance, .widows]
                : [.mode, .rowHeight, .rowTolerance, .widows, .maxRows]
            case .grid: members = [.mode, .cellWidth, .cellHeight, .fit]
            }
            json.object(Key.self, including: members.contains) { json, key in
                switch (key, mode) {
                case (.mode, _): json.string(mode.name.rawValue)
                case (.rowHeight, .justified(let rows)): json.number(rows.rowHeight)
                case (.rowTolerance, .justified(let rows)): json.number(rows.tolerance)
                case (.widows, .justified(let rows)): json.string(rows.widows.rawValue)
                case (.maxRows, .justified(let rows)): json.number(rows.maxRows ?? 0)
                case (.cellWidth, .grid(let grid)): json.number(grid.cellWidth ?? 0)
                case (.cellHeight, .grid(let grid)): json.number(grid.cellHeight ?? 0)
                case (.fit, .grid(let grid)): json.string(grid.fit.rawValue)
                default: json.number(0)
                }
            }
        }

        /// Encodes `mode`'s object under `layout`, with the members `write` writes.
        static func encode(_ mode: LayoutMode, to container: inout KeyedEncodingContainer<Manifest.CodingKeys>) throws {
            var object = container.nestedContainer(keyedBy: Key.self, forKey: .layout)
            try object.encode(mode.name, forKey: .mode)
            switch mode {
            case .masonry:
                break
            case .justified(let rows):
                try object.encode(rows.rowHeight, forKey: .rowHeight)
                try object.encode(rows.tolerance, forKey: .rowTolerance)
                try object.encode(rows.widows, forKey: .widows)
                try object.encodeIfPresent(rows.maxRows, forKey: .maxRows)
            case .grid(let grid):
                try object.encodeIfPresent(grid.cellWidth, forKey: .cellWidth)
                try object.encodeIfPresent(grid.cellHeight, forKey: .cellHeight)
                try object.encode(grid.fit, forKey: .fit)
            }
        }

        /// Reads the `layout` member: the object, or the line of words of older manifests.
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
            switch try object.decode(LayoutMode.Name.self, forKey: .mode) {
            case .masonry:
                return nil
            case .justified:
                return .justified(JustifiedSettings(
                    rowHeight: try object.decode(Int.self, forKey: .rowHeight),
                    tolerance: try object.decode(Double.self, forKey: .rowTolerance),
                    widows: try object.decode(WidowStyle.self, forKey: .widows),
                    maxRows: try object.decodeIfPresent(Int.self, forKey: .maxRows)))
            case .grid:
                return .grid(GridSettings(
                    cellWidth: try object.decode(Int.self, forKey: .cellWidth),
                    cellHeight: try object.decode(Int.self, forKey: .cellHeight),
                    fit: try object.decode(GridFit.self, forKey: .fit)))
            }
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
