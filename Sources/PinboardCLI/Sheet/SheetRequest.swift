import Foundation
import Layout
import Pinboard
import Raster
import SheetOutput

/// Everything a `pinboard` command line asks for, as plain values.
///
/// The parser fills it in and checks only what the command line alone can tell; the lead
/// maps it onto the library. Most options write straight into `sheet`, the library's own
/// options from their defaults (`SheetOptions()`), so `--help` and the Swift API cannot
/// disagree. The sizes stay apart, by the name of the option given: which of them apply
/// depends on the direction, and the layout works out the ones left `nil`.
struct SheetRequest: Equatable, Sendable {
    /// The files and folders to take images from, in argument order.
    var inputs: [String] = []
    /// `--files-from`: a file listing more inputs, after the arguments; `-` for stdin.
    var filesFrom: String?
    /// `--null`: the list's paths are separated by NUL bytes instead of newlines.
    var null = false
    /// Where to write the sheet, in the format its ending names; `-` for stdout.
    var output = "pinboard.png"
    /// `--format`: the sheet's format whatever `output`'s ending says.
    var format: SheetFormat?
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
    /// The height of each row in pixels: of a horizontal sheet's lanes, or the height
    /// justified rows aim for.
    var rowHeight: Int?
    /// `--layout` and each mode's own options as given; the library keeps the chosen mode's
    /// and refuses the others' (`LayoutChoice.mode()`).
    var layout = LayoutChoice()

    /// `--label`: a caption mode's word or a template, parsed once the command line is checked.
    var label: String?
    /// `--seed`: the seed of `--sort random`.
    var seed: Int?

    /// The library's options as the command line sets them, the sizes aside.
    var sheet = SheetOptions()

    /// `--max-memory`: the most memory drawing may take.
    var maxMemory: ByteCount?

    /// Split the board into pages no taller than this, written as NAME-1.png, NAME-2.png, …
    var maxHeight: Int?
    /// Make one sheet per input folder, named through `{name}` in the output path.
    var each = false
    /// Print no warnings or progress.
    var quiet = false

    /// `--full-decode`: every source decoded at full size instead of reduced on load
    /// (JPEG's DCT scaling, WebP's scaled decode, a HEIF thumbnail).
    var fullDecode: Bool {
        get { !sheet.shrinkOnLoad }
        set { sheet.shrinkOnLoad = !newValue }
    }

    /// `--ignore-profiles`: samples taken as sRGB whatever an embedded colour profile says.
    var ignoreProfiles: Bool {
        get { !sheet.convertsColorProfiles }
        set { sheet.convertsColorProfiles = !newValue }
    }

    /// `--max-pixels`: the most pixels an input image may have.
    var maxPixels: Int {
        get { Int(sheet.limits.maxPixels) }
        set { sheet.limits.maxPixels = UInt64(newValue) }
    }

    /// The format the sheet is written in: `--format`, else the output's ending, else PNG
    /// on stdout; nil for a file name whose ending names no format pinboard writes.
    var outputFormat: SheetFormat? {
        format ?? (output == "-" ? .png : SheetFormat(fileName: output))
    }

    /// The library's options for the run: `sheet` with the sizes of its direction, the
    /// layout mode and the output's format (PNG when no sheet is written, under `--layout-only`).
    ///
    /// - Throws: what `LayoutChoice.mode()` throws for a mode's option given with another mode.
    func options() throws(PinboardError) -> SheetOptions {
        var options = sheet
        options.encoding.format = outputFormat ?? .png
        let vertical = options.direction == .vertical
        options.breadth = vertical ? width : height
        options.lanes = vertical ? columns : rows
        var layout = layout
        // `--row-height` is the height of a row either way: justified rows aim for it, a
        // horizontal sheet's rows are it.
        if layout.name == .justified {
            layout.rowHeight = rowHeight
            options.laneBreadth = columnWidth
        } else {
            options.laneBreadth = vertical ? columnWidth : rowHeight
        }
        options.layout = try layout.mode()
        options.seed = seed.map { UInt64($0) }
        options.maxHeight = maxHeight
        options.maxMemory = maxMemory?.bytes ?? options.maxMemory
        // `PinboardCommand.validate` has refused a label that does not parse.
        if let label, let mode = try? LabelMode(parsing: label) { options.label = mode }
        return options
    }
}
