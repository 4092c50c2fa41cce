import Layout

/// One setting of a sheet, declared once: its name in `SheetOptions`, its spelling on the
/// command line, the values it allows, its one line of help and the layout modes it belongs
/// to. `SheetOptions.validated()` checks the values and `SheetRule` the rules between
/// settings; `pinboard`'s options read their spelling, bounds and help from here, so the
/// library and the command line cannot disagree.
///
/// The sizes every mode shares (breadth, lanes, lane breadth, padding, margin) are the
/// layout's own, checked by `LayoutConfiguration` against `LayoutSetting`'s rules.
///
/// ```swift
/// SheetSetting.rowTolerance.spelling  // "row-tolerance"
/// SheetSetting.rowTolerance.modes     // [.justified]
/// ```
public enum SheetSetting: String, CaseIterable, Sendable {
    /// `compression`: a deflate level.
    case compression
    /// `encoding.quality`: the quality of a lossy format.
    case quality
    /// `jobs`: how many sources are worked on at once.
    case jobs
    /// `labelSize`: the caption's pixel size.
    case labelSize
    /// `maxCropPercent`: the most of a tile's height `evenBottom` may crop.
    case maxCropPercent
    /// `cornerRadius`: the tiles' rounded corners.
    case cornerRadius
    /// `encoding.deepZoom.tileSize`: the side of a pyramid tile.
    case tileSize
    /// `encoding.deepZoom.overlap`: what a pyramid tile repeats of its neighbours.
    case tileOverlap
    /// `maxHeight`: the tallest page a board is split into.
    case maxHeight
    /// `maxMemory`: the most bytes drawing may hold.
    case maxMemory
    /// `maxEnlargement`: the most a tile's side may be of its source's.
    case maxEnlargement
    /// `maxSheetPixels`: the most pixels a sheet may have.
    case maxSheetPixels
    /// Masonry's `placement`.
    case placement
    /// Masonry's `tolerance`.
    case tolerance
    /// Masonry's `spanWide`.
    case spanWide
    /// Masonry's `spanAll`.
    case spanAll
    /// Justified rows' `rowHeight`.
    case rowHeight
    /// Justified rows' `tolerance`.
    case rowTolerance
    /// Justified rows' `widows`.
    case widows
    /// Justified rows' `maxRows`.
    case maxRows
    /// Justified rows' `breaks`.
    case breaks
    /// A grid's `cellWidth`.
    case cellWidth
    /// A grid's `cellHeight`.
    case cellHeight
    /// A grid's `fit`.
    case fit

    /// The long option of `pinboard`: `row-tolerance`.
    public var spelling: String {
        switch self {
        case .labelSize: "label-size"
        case .maxCropPercent: "max-crop"
        case .cornerRadius: "corner-radius"
        case .tileSize: "tile-size"
        case .tileOverlap: "tile-overlap"
        case .maxHeight: "max-height"
        case .maxMemory: "max-memory"
        case .maxEnlargement: "max-enlarge"
        case .maxSheetPixels: "max-sheet-pixels"
        case .spanWide: "span-wide"
        case .spanAll: "span-all"
        case .rowHeight: "row-height"
        case .rowTolerance: "row-tolerance"
        case .maxRows: "max-rows"
        case .cellWidth: "cell-width"
        case .cellHeight: "cell-height"
        default: rawValue
        }
    }

    /// The whole numbers the setting allows (an open top is `Int.max`); nil for a setting
    /// that is not a whole number or whose range the layout checks.
    public var allowed: ClosedRange<Int>? {
        switch self {
        case .compression: 0...9
        case .quality: 1...100
        case .jobs: 1...Int.max
        case .labelSize: 6...200
        case .maxCropPercent: 0...50
        case .cornerRadius: 0...Int.max
        case .tileSize: 1...8192
        case .tileOverlap: 0...8192
        case .maxHeight, .rowHeight, .maxRows, .cellWidth, .cellHeight, .maxEnlargement, .maxSheetPixels: 1...Int.max
        case .maxMemory: (64 << 20)...Int.max
        case .tolerance: 0...Int.max
        case .placement, .spanWide, .spanAll, .rowTolerance, .widows, .breaks, .fit: nil
        }
    }

    /// The whole numbers the command line accepts for the setting: `allowed`, or any `Int`
    /// for a setting the layout checks.
    public var bounds: ClosedRange<Int> { allowed ?? Int.min...Int.max }

    /// The layout modes the setting belongs to; nil for a setting of every mode.
    public var modes: Set<LayoutMode.Name>? {
        switch self {
        case .placement, .tolerance, .spanWide, .spanAll: [.masonry]
        case .rowHeight, .rowTolerance, .widows, .maxRows, .breaks: [.justified]
        case .cellWidth, .cellHeight, .fit: [.grid]
        default: nil
        }
    }

    /// The one line of help `pinboard --help` gives.
    public var help: String {
        switch self {
        case .compression: "Deflate level of a PNG or TIFF sheet, from 0 (stored, not deflated) to 9 (smallest)."
        case .quality: "Quality of a JPEG, WebP or AVIF sheet, from 1 (smallest) to 100 (best)."
        case .jobs: "How many images to decode and scale at once."
        case .labelSize: "Caption size in pixels; the title is twice as large."
        case .maxCropPercent: "The most of each tile's height --even-bottom may crop, in percent."
        case .cornerRadius:
            "Round every image's corners with this radius, antialiased; the background shows outside the curve "
                + "(the Pinterest card look)."
        case .tileSize: "Side of a Deep Zoom or IIIF pyramid tile, overlap aside."
        case .tileOverlap:
            "Pixels each Deep Zoom pyramid tile repeats of its neighbours, 0 to the tile size (IIIF tiles never overlap)."
        case .maxHeight:
            "Split a long board into pages no taller than this, each a complete board, written as NAME-1.png, "
                + "NAME-2.png, … after the output's name."
        case .maxMemory:
            "The most memory drawing the sheet may take, in bytes or with K, M, G or T (4G); a larger plan is "
                + "refused before any image is decoded (default: 3G)."
        case .maxEnlargement:
            "The most times a tile's side may be its image's; a tile enlarged further is refused before any image "
                + "is decoded."
        case .maxSheetPixels: "The most pixels (width × height) the sheet may have."
        case .placement:
            "Which column (row, when horizontal) takes the next image: the shortest so far, each in turn, or "
                + "balanced: the images in order split into the columns so the longest is as short as it can be, "
                + "read down each column (default: shortest)."
        case .tolerance:
            "Put each image in the leftmost column within this many pixels of the shortest, for reading order "
                + "without a ragged look (default: 0)."
        case .spanWide: "Let images at least this wide for their height (3/2, 1.5) span two adjacent columns."
        case .spanAll: "Wide images (see --span-wide) span every column instead of two."
        case .rowHeight:
            "Height of each row in pixels (horizontal direction), or the height justified rows aim for (default: 320)."
        case .rowTolerance: "How far justified rows may end from --row-height, as a fraction from 0 to 1 (default: 0.25)."
        case .widows: "How justified rows lay out an incomplete last row at the height of the row before (default: left)."
        case .maxRows: "The most justified rows the board holds; the images after them are skipped."
        case .breaks:
            "Where justified rows break: row by row as justified-layout does, or over the whole board at once so "
                + "the rows keep closest to --row-height in total (default: greedy)."
        case .cellWidth:
            "Width of each grid cell in pixels; with --columns, the sheet is as wide as they need "
                + "(default: the column width less padding)."
        case .cellHeight: "Height of each grid cell in pixels (default: the cell width)."
        case .fit:
            "How each image fills its grid cell: the largest size that fits, centred; the smallest that covers it, "
                + "cropped; or stretched (default: contain)."
        }
    }

    /// The setting's whole-number value in `options`; nil when it is not a whole number or not set.
    func value(in options: SheetOptions) -> Int? {
        switch self {
        case .compression: options.compression
        case .quality: options.encoding.quality
        case .jobs: options.jobs
        case .labelSize: options.labelSize
        case .maxCropPercent: options.maxCropPercent
        case .cornerRadius: options.cornerRadius
        case .tileSize: options.encoding.deepZoom.tileSize
        case .tileOverlap: options.encoding.deepZoom.overlap
        case .maxHeight: options.maxHeight
        case .maxMemory: options.maxMemory
        case .maxEnlargement: options.maxEnlargement
        case .maxSheetPixels: options.maxSheetPixels
        case .placement, .tolerance, .spanWide, .spanAll, .rowHeight, .rowTolerance, .widows, .maxRows, .breaks,
            .cellWidth, .cellHeight, .fit: nil
        }
    }
}
