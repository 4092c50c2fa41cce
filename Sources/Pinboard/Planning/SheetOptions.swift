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
    public var placement: Placement = .shortest
    /// The arrangement: masonry lanes, justified rows or a grid. The settings of the other
    /// modes are kept but not read, so a mode is switched by this one value.
    public var layoutMode = LayoutMode.masonry
    /// Justified rows: the height a row aims for (justified-layout's `targetRowHeight`).
    public var targetRowHeight = JustifiedArrangement.defaultRowHeight
    /// Justified rows: how far from `targetRowHeight` a row may end, as a fraction, 0…1.
    public var rowTolerance = JustifiedArrangement.defaultTolerance
    /// Justified rows: how each section's incomplete last row is laid out.
    public var widows = WidowStyle.left
    /// Justified rows: the most rows the board holds; the sources after them are skipped.
    public var maxRows: Int?
    /// Grid: each cell's width; the narrowest lane's tile breadth when nil.
    public var cellWidth: Int?
    /// Grid: each cell's height; the cell's width (square) when nil.
    public var cellHeight: Int?
    /// Grid: how each image is fitted into its cell.
    public var fit = GridFit.contain
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
    /// With `.shortest`, the leftmost lane within this many pixels of the shortest takes
    /// the next image: reading order without a ragged look.
    public var tolerance = 0
    /// Images at least this wide for their height span two adjacent lanes (or every lane
    /// with `spanAll`).
    public var spanWide: Ratio?
    public var spanAll = false
    /// A title band across the top of the sheet.
    public var title: String?
    /// What the sources are sorted by; nil keeps the order given (file arguments as given,
    /// each folder's images in natural order).
    public var sort: SortKey?
    /// Whether the order, sorted or given, is turned round.
    public var reverse = false
    /// The seed of `SortKey.random`'s shuffle: the same seed, the same order everywhere.
    public var seed: UInt64 = 0
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
    /// Whether an image's embedded ICC profile is converted to sRGB (Little CMS, relative
    /// colorimetric): a Display P3 photo then looks as it does in any viewer. Off, the
    /// samples are taken as sRGB whatever the profile says.
    public var convertsColorProfiles = true

    public init() {}

    /// The options themselves once every `SheetSetting` is within what it allows; the
    /// planner calls this first, so a value out of range is an error, never a trap deep in
    /// the encoder or a pool of no threads.
    ///
    /// ```swift
    /// var options = SheetOptions()
    /// options.compression = 10
    /// try options.validated() // throws .settingOutOfRange(.compression, value: 10, allowed: 0...9)
    /// ```
    ///
    /// - Throws: `PinboardError.settingOutOfRange` for the first setting, in `SheetSetting`'s
    ///   order, whose value is out of range.
    public func validated() throws(PinboardError) -> SheetOptions {
        for setting in SheetSetting.allCases {
            let value = setting.value(in: self)
            guard setting.allowed.contains(value) else {
                throw .settingOutOfRange(setting, value: value, allowed: setting.allowed)
            }
        }
        return self
    }

    /// The arrangement `layoutMode` names, made from `configuration` and this mode's settings:
    /// the planner's one choice of layout.
    func arrangement(_ configuration: LayoutConfiguration) throws(LayoutError) -> any Arrangement {
        switch layoutMode {
        case .masonry:
            configuration
        case .justified:
            try JustifiedArrangement(
                configuration: configuration, rowHeight: targetRowHeight, tolerance: rowTolerance, widows: widows,
                maxRows: maxRows)
        case .grid:
            try GridArrangement(configuration: configuration, cellWidth: cellWidth, cellHeight: cellHeight, fit: fit)
        }
    }

    func layoutConfiguration(titleHeight: Int = 0, labelHeight: Int = 0, sectionHeaderHeight: Int = 0) throws(LayoutError) -> LayoutConfiguration {
        try LayoutConfiguration(
            direction: direction, breadth: breadth, lanes: lanes, laneBreadth: laneBreadth,
            padding: padding, margin: margin, placement: placement, tolerance: tolerance,
            spanWide: spanWide, spanAll: spanAll, titleHeight: titleHeight, labelHeight: labelHeight,
            sectionHeaderHeight: sectionHeaderHeight
        )
    }
}
