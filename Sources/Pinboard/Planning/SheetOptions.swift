import Foundation
import ImageInput
import Layout
import PNGCodec
import Raster
import SheetManifest
import SheetOutput

/// Everything that decides a sheet, as plain values a test suite can build directly.
///
/// Size settings follow the layout's rules: of `breadth` (the sheet's width, or its
/// height when horizontal), `lanes` and `laneBreadth`, give at most two and the layout
/// works out the rest; with none, a 1200 px sheet of 3 lanes.
public struct SheetOptions: Sendable, Equatable {
    public var direction: Direction = .vertical
    public var breadth: Int?
    public var lanes: Int?
    public var laneBreadth: Int?
    public var padding = LayoutConfiguration.defaultPadding
    public var margin = LayoutConfiguration.defaultMargin
    /// The arrangement and its own settings: masonry lanes (placement, tolerance, spans),
    /// justified rows (row height, tolerance, widows, a row limit whose overflow is skipped,
    /// greedy or optimal breaks) or a grid (cell size, fit). One value, so no mode's settings
    /// are held while another is chosen.
    public var layout = LayoutMode.masonry(MasonrySettings())
    /// Behind and between the tiles; a background that is not opaque makes an RGBA sheet.
    public var background = Color.white
    public var filter = ResampleFilter.lanczos3
    /// Radius of every tile's rounded corners in pixels (0: square); each corner pixel is
    /// covered by its exact area inside the arc, and outside it the background shows.
    public var cornerRadius = 0
    /// The sheet's file format and how it is encoded; a writer asks `SheetEncoder` for the
    /// sink of `encoding.format`.
    public var encoding = EncodeSettings()
    /// Deflate level of a PNG sheet, 0 to 9 (1 with literals and runs only, 2-3 with ISA-L,
    /// the others with zlib). Level 6
    /// is zlib's own default: within a few percent of level 9's size on photos at a
    /// fraction of its time. The same value as `encoding.compression`, kept under its
    /// old name for callers written before the other formats.
    public var compression: Int {
        get { encoding.compression }
        set { encoding.compression = newValue }
    }
    /// A title band across the top of the sheet.
    public var title: String?
    /// What the sources are sorted by; nil keeps the order given (file arguments as given,
    /// each folder's images in natural order).
    public var sort: SortKey?
    /// Whether the order, sorted or given, is turned round.
    public var reverse = false
    /// The seed of `SortKey.random`'s shuffle: the same seed, the same order everywhere;
    /// nil for 0. Set, it needs `sort` to be `.random`.
    public var seed: UInt64?
    /// Whether a file whose content (SHA-256) another source placed before it has is
    /// skipped, listed with the path it duplicates.
    public var dedupe = false
    /// What the sources are grouped into sections by, each under a header band with its
    /// name (the folder, or the date taken), the lanes starting level below it; nil for
    /// no sections. A date grouping without `sort` sorts by `SortKey.taken`.
    public var grouping: SectionGrouping?
    /// The caption line under each image.
    public var label = LabelMode.none
    /// The caption's pixel size; the title is twice as large.
    public var labelSize = 13
    public var labelColor = Color(red: 0x44, green: 0x44, blue: 0x44)
    /// The TrueType font of captions and title; DejaVu Sans from the system when `nil`.
    public var fontPath: String?
    /// Whether tiles are cropped (centred, like object-fit: cover) so every lane ends on
    /// the same row, each losing at most `maxCropPercent` of its height.
    public var evenBottom = false
    public var maxCropPercent = 8
    /// The tallest page, in pixels: `SheetPlanner.pages(of:)` splits a longer vertical board
    /// into complete boards no taller; nil for one page.
    public var maxHeight: Int?
    /// Where a cropped tile (levelled by `evenBottom`, or covering its cell under
    /// `GridFit.cover`) keeps its pixels.
    public var cropFocus = CropFocus.centre
    /// Whether sources are reduced on load where their format can, to the smallest size
    /// still at least as large as their tile (JPEG's DCT scaling by 1/2, 1/4 or 1/8,
    /// WebP's scaled decode, a HEIF thumbnail), instead of decoded at full size.
    public var shrinkOnLoad = true
    /// Whether folder arguments contribute the images of their subfolders.
    public var recursive = false
    /// Whether a source that cannot be used fails the run instead of being skipped.
    public var strict = false
    /// How many sources are probed (and later decoded) at once.
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// Bounds each source must keep, checked from its header before any pixel is decoded:
    /// one of more than `limits.maxPixels` pixels is skipped (`--max-pixels` on the command
    /// line). Raise it for huge scans: `options.limits.maxPixels = 400_000_000`.
    public var limits = DecodeLimits.default
    /// The most memory drawing the sheet may hold, in bytes (`RenderBudget`): a plan whose
    /// estimate is larger is refused before a pixel is decoded, naming what made it large.
    public var maxMemory = RenderBudget.defaultMaxMemory
    /// The most a tile's side may be of its source's: a tile enlarged further is refused
    /// before a pixel is decoded (a mistyped width, say).
    public var maxEnlargement = RenderBudget.defaultMaxEnlargement
    /// The most pixels the sheet may have, width × height.
    public var maxSheetPixels = RenderBudget.defaultMaxSheetPixels
    /// Whether an image's embedded ICC profile is converted to sRGB (Little CMS, relative
    /// colorimetric): a Display P3 photo then looks as it does in any viewer. Off, the
    /// samples are taken as sRGB whatever the profile says.
    public var convertsColorProfiles = true

    public init() {}

    /// The options themselves once every `SheetSetting` is within what it allows and every
    /// `SheetRule` between them holds; the planner calls this first, so a value out of range
    /// is an error, never a trap deep in the encoder or a pool of no threads, and a Swift
    /// caller meets the same refusals as the command line.
    ///
    /// ```swift
    /// var options = SheetOptions()
    /// options.compression = 10
    /// try options.validated() // throws .settingOutOfRange(.compression, value: 10, allowed: 0...9)
    /// ```
    ///
    /// - Throws: `PinboardError.settingOutOfRange` for the first setting, in `SheetSetting`'s
    ///   order, whose value is out of range; `.conflictingSettings` for the first rule broken;
    ///   `.layout` for layout settings the mode refuses (a row tolerance outside 0…1).
    public func validated() throws(PinboardError) -> SheetOptions {
        for setting in SheetSetting.allCases {
            guard let allowed = setting.allowed, let value = setting.value(in: self) else { continue }
            guard allowed.contains(value) else {
                throw .settingOutOfRange(setting, value: value, allowed: allowed)
            }
        }
        if let broken = brokenRule { throw .conflictingSettings(broken) }
        do {
            try layout.check(direction: direction)
        } catch {
            throw .layout(error)
        }
        return self
    }

    /// The first rule between the settings that they break, in the order a person reading
    /// the command line would meet them; nil when all hold.
    private var brokenRule: SheetRule? {
        if let seed, sort != .random { return .seedWithoutShuffle(seed: seed) }
        let tiles = encoding.deepZoom
        if encoding.format.isPyramid, tiles.overlap > tiles.tileSize {
            return .overlapPastTileSize(overlap: tiles.overlap, tileSize: tiles.tileSize)
        }
        if layout.name != .masonry, direction == .horizontal { return .modeNeedsVertical(layout.name) }
        let covers = if case .grid(let grid) = layout { grid.fit == .cover } else { false }
        if cropFocus != .centre, !evenBottom, !covers { return .focusWithoutCrop(cropFocus) }
        if evenBottom, layout.name != .masonry { return .evenBottomNeedsMasonry(layout.name) }
        if evenBottom, direction == .horizontal { return .evenBottomNeedsVertical }
        if let maxHeight, direction == .horizontal { return .pagesNeedVertical(maxHeight: maxHeight) }
        return nil
    }

    /// The arrangement `layout` names, over the shared sizes and the bands lettering needs:
    /// the planner's one choice of layout.
    func arrangement(titleHeight: Int = 0, labelHeight: Int = 0, sectionHeaderHeight: Int = 0) throws(LayoutError) -> any Arrangement {
        try layout.arrangement(layout.configuration(
            direction: direction, breadth: breadth, lanes: lanes, laneBreadth: laneBreadth, padding: padding, margin: margin,
            titleHeight: titleHeight, labelHeight: labelHeight, sectionHeaderHeight: sectionHeaderHeight))
    }
}
