import Foundation
import Layout
import Pinboard
import Raster

/// Everything a `pinboard` command line asks for, as plain values.
///
/// The parser fills it in and checks only what the command line alone can tell; the lead
/// maps it onto the library. Sizes the layout works out are left `nil` rather than given
/// defaults here, because which defaults apply depends on which of the others are set.
/// Every other default is the library's own (`SheetOptions()`), so `--help` and the
/// Swift API cannot disagree.
struct SheetRequest: Equatable, Sendable {
    /// Where the defaults come from.
    private static let library = SheetOptions()

    /// The files and folders to take images from, in argument order.
    var inputs: [String] = []
    /// Where to write the sheet PNG; `-` for stdout.
    var output = "pinboard.png"
    /// Where to write the JSON layout manifest, if anywhere; `-` for stdout.
    var manifest: String?
    /// Where to write the board as a web page linking each tile to its source, if anywhere.
    var html: String?
    /// Compute the layout and manifest only: decode no pixels, write no sheet.
    var layoutOnly = false

    /// The sheet's width in pixels, margins included (vertical direction).
    var width: Int?
    /// The number of columns (vertical direction).
    var columns: Int?
    /// The width of each column in pixels (vertical direction).
    var columnWidth: Int?
    /// The sheet's height in pixels, margins included (horizontal direction).
    var height: Int?
    /// The number of rows (horizontal direction).
    var rows: Int?
    /// The height of each row in pixels (horizontal direction).
    var rowHeight: Int?

    /// The gutter between neighbouring tiles, in pixels.
    var padding = Self.library.padding
    /// The space around the whole sheet, in pixels.
    var margin = Self.library.margin
    var placement = Self.library.placement
    var direction = Self.library.direction
    var background = Self.library.background
    var filter = Self.library.filter
    /// How far from the shortest column a column may be and still take the next image.
    var tolerance = Self.library.tolerance
    /// Images at least this wide for their height span two columns.
    var spanWide: Ratio?
    /// Wide images span every column instead of two.
    var spanAll = Self.library.spanAll
    /// A title band across the top.
    var title: String?
    /// How images are grouped into sections with headers.
    var groupBy: Grouping?
    /// The caption under each image.
    var label = Self.library.label
    var labelSize = Self.library.labelSize
    var labelColor = Self.library.labelColor
    /// The captions' and title's font.
    var font: String?
    /// Crop tiles so every column ends on the same row.
    var evenBottom = Self.library.evenBottom
    /// The most of a tile's height `--even-bottom` may crop, in percent.
    var maxCrop = Self.library.maxCropPercent
    /// Radius of every tile's rounded corners, in pixels.
    var cornerRadius = Self.library.cornerRadius
    /// The zlib compression level of the sheet, 0 to 9.
    var compression = Self.library.compression

    /// Split the board into pages no taller than this, written as NAME-1.png, NAME-2.png, …
    var maxHeight: Int?
    /// Make one sheet per input folder, named through `{name}` in the output path.
    var each = false
    /// Decode JPEGs at full size instead of shrinking them on load.
    var fullDecode = !Self.library.shrinkOnLoad
    /// Take samples as sRGB whatever an embedded colour profile says.
    var ignoreProfiles = !Self.library.convertsColorProfiles
    /// Also take images from the subfolders of folder inputs.
    var recursive = Self.library.recursive
    /// Fail on an input that gives no image instead of warning and going on.
    var strict = Self.library.strict
    /// The most pixels an input image may have.
    var maxPixels = Int(Self.library.limits.maxPixels)
    /// How many images to decode and scale at once: by default one per core this
    /// process may use.
    var jobs = Self.library.jobs
    /// Print no warnings or progress.
    var quiet = false
}
