import Geometry
import Layout
import Raster


/// A sheet's layout as data: what was placed where, and what was left out and why.
///
/// It is written next to the PNG as JSON, so a pixel comparison can find any source's tile.
/// `jsonText()` writes the keys in the order declared here, the same on every run; the
/// `Codable` conformance uses the same keys, for reading a manifest back.
public struct Manifest: Codable, Hashable, Sendable {
    /// The version of this format; a change that would mislead an older reader raises it.
    public static let currentVersion = 1

    public var version: Int
    /// The program that made the sheet and its version, e.g. `pinboard 0.2.0`; written only when set.
    public var tool: String?
    /// The versions of the libraries whose output is in the sheet's bytes (decoders, zlib,
    /// the font renderer), by name; written only when there are any, keys sorted.
    public var libraries: [String: String]
    /// The sheet's width in pixels, margins included.
    public var width: Int
    /// The sheet's height in pixels, margins included.
    public var height: Int
    public var direction: Direction
    /// The layout mode and its settings as laid out: masonry's are written as the top-level
    /// `placement`, `tolerance`, `spanWide` and `spanAll`, as they always were; every other
    /// mode's as one `layout` object (`LayoutRecord`).
    public var layout: LayoutMode
    /// The number of lanes: columns when vertical, rows when horizontal.
    public var lanes: Int
    public var padding: Int
    public var margin: Int
    /// The rows at the top kept for the title, inside the margin; written only when not 0.
    public var titleHeight: Int
    /// The rows under every tile kept for its caption; written only when not 0.
    public var labelHeight: Int
    /// The most of a tile's height, in percent, cropped to level the bottom; written only
    /// when the bottom was levelled (each item's `crop` says what it lost).
    public var maxCrop: Int?
    /// The radius of every tile's rounded corners; written only when not 0.
    public var cornerRadius: Int
    /// The colour behind the tiles, written as `#rrggbbaa`.
    public var background: Color
    /// The resampling filter that scaled the sources; written only when set.
    public var filter: ResampleFilter?
    /// The other settings that change the sheet's pixels or bytes (compression, captions,
    /// decoding), by name; written only when there are any, keys sorted.
    public var options: [String: String]
    /// The board's sections, in order; written only when there are any.
    public var sections: [Section]
    /// One entry per placed source, in input order.
    public var items: [Item]
    /// The sources that were not placed, in the order they were found.
    public var skipped: [SkippedSource]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case version, tool, libraries, width, height, direction, placement, layout, lanes, padding, margin, tolerance, spanWide, spanAll
        case titleHeight, labelHeight, maxCrop, cornerRadius
        case background, filter, options, sections, items, skipped
    }

    public init(
        version: Int = currentVersion,
        tool: String? = nil,
        libraries: [String: String] = [:],
        width: Int,
        height: Int,
        direction: Direction,
        layout: LayoutMode = .masonry(MasonrySettings()),
        lanes: Int,
        padding: Int,
        margin: Int,
        titleHeight: Int = 0,
        labelHeight: Int = 0,
        maxCrop: Int? = nil,
        cornerRadius: Int = 0,
        background: Color,
        filter: ResampleFilter? = nil,
        options: [String: String] = [:],
        sections: [Section] = [],
        items: [Item],
        skipped: [SkippedSource]
    ) {
        self.version = version
        self.tool = tool
        self.libraries = libraries
        self.width = width
        self.height = height
        self.direction = direction
        self.layout = layout
        self.lanes = lanes
        self.padding = padding
        self.margin = margin
        self.titleHeight = titleHeight
        self.labelHeight = labelHeight
        self.maxCrop = maxCrop
        self.cornerRadius = cornerRadius
        self.background = background
        self.filter = filter
        self.options = options
        self.sections = sections
        self.items = items
        self.skipped = skipped
    }

    /// Describes a layout, naming each source and each section.
    ///
    /// - Parameters:
    ///   - layout: The placed sources.
    ///   - sourceNames: One name per source of the layout, in the same order; usually its path.
    ///   - sectionNames: One name per section of the layout, in order; none without sections.
    ///   - background: The colour behind the tiles.
    ///   - skipped: The sources left out before the layout was made.
    /// - Throws: `LayoutError.sourceNameCountMismatch` when there is not one name per source,
    ///   `LayoutError.sectionNameCountMismatch` when there is not one name per section.
    public init(
        layout: some SheetLayout, sourceNames: [String], sectionNames: [String] = [], background: Color,
        skipped: [SkippedSource]
    ) throws(LayoutError) {
        guard sourceNames.count == layout.sources.count else {
            throw .sourceNameCountMismatch(names: sourceNames.count, sources: layout.sources.count)
        }
        guard sectionNames.count == layout.sectionStarts.count else {
            throw .sectionNameCountMismatch(names: sectionNames.count, sections: layout.sectionStarts.count)
        }
        self.init(
            layout: layout, background: background, skipped: skipped,
            sourceName: { sourceNames[$0] }, sectionName: { sectionNames[$0] })
    }

    /// The manifest of a layout, levelled by `evenBottom` when given, naming sources and
    /// sections through closures: a caller that builds the names and the layout from one
    /// list cannot get their counts wrong, so this form does not throw.
    ///
    /// - Parameters:
    ///   - sourceName: each source's path, by its index in the layout.
    ///   - provenance: each source's pairing name, digest, format and colour profile, by
    ///     its index; members left nil are not written.
    ///   - movedCuts: the cuts a renderer's crop focus moved from where the layout put them,
    ///     by source index.
    public init(
        layout: some SheetLayout, evenBottom: EvenBottom? = nil, movedCuts: [Int: TileCrop] = [:],
        background: Color, skipped: [SkippedSource],
        sourceName: (Int) -> String, provenance: (Int) -> Provenance = { _ in Provenance() },
        sectionName: (Int) -> String
    ) {
        let configuration = layout.configuration
        let sheet = evenBottom?.sheet ?? layout.sheet
        self.init(
            width: sheet.width,
            height: sheet.height,
            direction: configuration.direction,
            layout: layout.mode,
            lanes: configuration.lanes,
            padding: configuration.padding,
            margin: configuration.margin,
            titleHeight: configuration.titleHeight,
            labelHeight: configuration.labelHeight,
            maxCrop: evenBottom?.maxCropPercent,
            background: background,
            sections: zip(layout.sectionStarts, layout.sectionHeaders).enumerated().map { position, section in
                Section(name: sectionName(position), start: section.0, header: section.1)
            },
            items: (evenBottom?.tiles ?? layout.tiles).map { tile in
                let known = provenance(tile.index)
                return Item(
                    source: sourceName(tile.index), name: known.name, sha256: known.sha256, format: known.format,
                    colorProfile: known.colorProfile, rect: tile.rect,
                    scale: Self.scale(of: tile, from: layout.sources[tile.index], direction: configuration.direction),
                    lane: tile.lane, laneCount: tile.laneCount, sourceSize: layout.sources[tile.index],
                    crop: evenBottom?.crops[tile.index] ?? 0, cell: layout.cell(of: tile.index),
                    cut: movedCuts[tile.index] ?? layout.crop(of: tile.index))
            },
            skipped: skipped)
    }

    /// Tile pixels per source pixel across the lane, where levelling crops nothing.
    private static func scale(of tile: Tile, from source: Size, direction: Direction) -> Double {
        switch direction {
        case .vertical: Double(tile.rect.width) / Double(source.width)
        case .horizontal: Double(tile.rect.height) / Double(source.height)
        }
    }

    /// Reads a manifest; the members added after version 1's first release may be missing,
    /// and then take the values that mean "not used".
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        tool = try container.decodeIfPresent(String.self, forKey: .tool)
        libraries = try container.decodeIfPresent([String: String].self, forKey: .libraries) ?? [:]
        width = try container.decode(Int.self, forKey: .width)
        height = try container.decode(Int.self, forKey: .height)
        direction = try container.decode(Direction.self, forKey: .direction)
        let placement = try container.decode(Placement.self, forKey: .placement)
        lanes = try container.decode(Int.self, forKey: .lanes)
        padding = try container.decode(Int.self, forKey: .padding)
        margin = try container.decode(Int.self, forKey: .margin)
        layout = try LayoutRecord.read(from: container) ?? .masonry(MasonrySettings(
            placement: placement,
            tolerance: try container.decodeIfPresent(Int.self, forKey: .tolerance) ?? 0,
            spanWide: try container.decodeIfPresent(Ratio.self, forKey: .spanWide),
            spanAll: try container.decodeIfPresent(Bool.self, forKey: .spanAll) ?? false))
        titleHeight = try container.decodeIfPresent(Int.self, forKey: .titleHeight) ?? 0
        labelHeight = try container.decodeIfPresent(Int.self, forKey: .labelHeight) ?? 0
        maxCrop = try container.decodeIfPresent(Int.self, forKey: .maxCrop)
        cornerRadius = try container.decodeIfPresent(Int.self, forKey: .cornerRadius) ?? 0
        background = try container.decode(Color.self, forKey: .background)
        filter = try container.decodeIfPresent(ResampleFilter.self, forKey: .filter)
        options = try container.decodeIfPresent([String: String].self, forKey: .options) ?? [:]
        sections = try container.decodeIfPresent([Section].self, forKey: .sections) ?? []
        items = try container.decode([Item].self, forKey: .items)
        skipped = try container.decode([SkippedSource].self, forKey: .skipped)
    }

    /// Encodes the members `jsonText()` writes, under the same keys.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        for key in CodingKeys.allCases where includes(key) {
            switch key {
            case .version: try container.encode(version, forKey: key)
            case .tool: try container.encode(tool, forKey: key)
            case .libraries: try container.encode(libraries, forKey: key)
            case .width: try container.encode(width, forKey: key)
            case .height: try container.encode(height, forKey: key)
            case .direction: try container.encode(direction, forKey: key)
            case .placement: try container.encode(masonry.placement, forKey: key)
            case .layout: try LayoutRecord.encode(layout, to: &container)
            case .lanes: try container.encode(lanes, forKey: key)
            case .padding: try container.encode(padding, forKey: key)
            case .margin: try container.encode(margin, forKey: key)
            case .tolerance: try container.encode(masonry.tolerance, forKey: key)
            case .spanWide: try container.encode(masonry.spanWide, forKey: key)
            case .spanAll: try container.encode(masonry.spanAll, forKey: key)
            case .titleHeight: try container.encode(titleHeight, forKey: key)
            case .labelHeight: try container.encode(labelHeight, forKey: key)
            case .maxCrop: try container.encode(maxCrop, forKey: key)
            case .cornerRadius: try container.encode(cornerRadius, forKey: key)
            case .background: try container.encode(background, forKey: key)
            case .filter: try container.encode(filter, forKey: key)
            case .options: try container.encode(options, forKey: key)
            case .sections: try container.encode(sections, forKey: key)
            case .items: try container.encode(items, forKey: key)
            case .skipped: try container.encode(skipped, forKey: key)
            }
        }
    }

    /// The manifest as compact JSON, keys in the declared order, `/` unescaped.
    ///
    /// Write this rather than `JSONEncoder`'s output: on Linux that orders keys by hash, so
    /// two runs over the same folder would give different files.
    public func jsonText() -> String {
        var json = JSONText()
        write(to: &json)
        return json.text
    }

    /// Masonry's settings, or their defaults in another mode: what the top-level `placement`,
    /// `tolerance`, `spanWide` and `spanAll` say (every manifest has a `placement`).
    private var masonry: MasonrySettings {
        if case .masonry(let settings) = layout { settings } else { MasonrySettings() }
    }

    /// Whether `jsonText()` writes the member: the optional ones only when they are in use.
    private func includes(_ key: CodingKeys) -> Bool {
        switch key {
        case .tool: tool != nil
        case .libraries: !libraries.isEmpty
        case .filter: filter != nil
        case .layout: layout.name != .masonry
        case .options: !options.isEmpty
        case .tolerance: masonry.tolerance != 0
        case .spanWide: masonry.spanWide != nil
        case .spanAll: masonry.spanAll
        case .titleHeight: titleHeight != 0
        case .labelHeight: labelHeight != 0
        case .maxCrop: maxCrop != nil
        case .cornerRadius: cornerRadius != 0
        case .sections: !sections.isEmpty
        default: true
        }
    }

    private func write(to json: inout JSONText) {
        json.object(CodingKeys.self, including: includes) { json, key in
            switch key {
            case .version: json.number(version)
            case .tool: json.string(tool ?? "")
            case .libraries: json.strings(libraries)
            case .width: json.number(width)
            case .height: json.number(height)
            case .direction: json.string(direction.rawValue)
            case .placement: json.string(masonry.placement.rawValue)
            case .layout: LayoutRecord.write(layout, to: &json)
            case .lanes: json.number(lanes)
            case .padding: json.number(padding)
            case .margin: json.number(margin)
            case .tolerance: json.number(masonry.tolerance)
            case .spanWide: json.string(masonry.spanWide?.description ?? "")
            case .spanAll: json.bool(masonry.spanAll)
            case .titleHeight: json.number(titleHeight)
            case .labelHeight: json.number(labelHeight)
            case .maxCrop: json.number(maxCrop ?? 0)
            case .cornerRadius: json.number(cornerRadius)
            case .background: json.string(background.description)
            case .filter: json.string(filter?.rawValue ?? "")
            case .options: json.strings(options)
            case .sections: json.array(sections) { json, section in section.write(to: &json) }
            case .items: json.array(items) { json, item in item.write(to: &json) }
            case .skipped: json.array(skipped) { json, entry in entry.write(to: &json) }
            }
        }
    }
}
