import ArgumentParsing
import Foundation
import Pinboard
import SheetOutput

/// The declaration of `pinboard [options] INPUT...`: every option, its help, and the
/// combinations the command line alone can rule out.
enum PinboardCommand {
    static let version = PinboardVersion.current

    /// What each exit status of `pinboard` and its subcommands means, for the manual page.
    static let exitStatuses: [(status: Int32, meaning: String)] = [
        (0, "The sheet, manifest, help or script was written; for pinboard diff, nothing changed "
            + "beyond the threshold."),
        (1, "Something failed at run time: no input gave an image, an output could not be written, a "
            + "sheet has no manifest; for pinboard diff, something changed."),
        (2, "The command line is wrong: an unknown option, a bad value, a missing argument, settings "
            + "that make no layout; for pinboard diff, also a sheet that cannot be read."),
    ]

    /// Command lines for the manual page, each with what it does; a test parses every one.
    static let examples: [(command: String, meaning: String)] = [
        ("pinboard ~/Pictures/trip -o board.png -w 1600 -c 4 -m 24 --background '#f4f1ea' --corner-radius 16",
         "A mood board: 4 columns, 1600 pixels wide, a warm paper background, a margin and rounded cards."),
        ("pinboard --recursive shots/ --column-width 200 -w 4000 --compression 1 -o contact.png",
         "Thousands of thumbnails from every subfolder, columns of 200 pixels, written fast."),
        ("pinboard --layout-only --manifest layout.json screenshots/",
         "Geometry only, no pixels decoded: where every image would go, as JSON."),
        ("pinboard --direction horizontal --rows 2 --height 600 frames/ -o strip.png",
         "A horizontal strip: 2 rows in 600 pixels, growing to the right."),
        ("pinboard scans/ -o scans.png --max-pixels 400000000",
         "Scans larger than the default limit of pixels per image."),
        ("pinboard diff golden.png current.png -o diff.png",
         "Compare a sheet with its golden copy tile by tile and draw what changed; exits 1 when something did."),
        ("pinboard manifest board.png",
         "Print the manifest a sheet carries: options, sources with their SHA-256, every tile's place."),
        ("pinboard --generate-completion-script bash > ~/.local/share/bash-completion/completions/pinboard",
         "Complete pinboard's options and their values in bash from now on."),
    ]

    static var command: Command<SheetRequest> {
        Command(
            name: "pinboard",
            abstract: "Lay out images as one Pinterest-style board or contact sheet.",
            discussion: """
                By default every image is scaled to the width of a column and goes into the \
                shortest column so far, so the columns fill evenly and nothing is cropped. With \
                --direction horizontal, rows of one height take the place of columns; --layout \
                justified lays rows of one height across the width, --layout grid equal cells.

                Give at most two of --width, --columns and --column-width (or of --height, \
                --rows and --row-height) and the layout works out the rest; with none of them, \
                the sheet is 1200 pixels across with 3 columns (or rows).

                Every sheet carries its manifest; 'pinboard manifest SHEET' prints it and \
                'pinboard diff A B' compares two sheets tile by tile. 'pinboard demo' draws the \
                layout without any images. Each has its own --help.
                """,
            version: version,
            defaults: SheetRequest(),
            options: [
                SharedOptions.output(\.output, help: outputHelp),
                .option(\.format, long: "format",
                        help: "Write the sheet in this format whatever the output's name; needed for a name "
                            + "with no such ending, and for anything but PNG on stdout; iiif writes a IIIF "
                            + "Image API 3 level-0 tree into the output folder."),
                SharedOptions.file(\.manifest, long: "manifest",
                        help: "Also write the layout as a JSON manifest, each tile's source and place "
                            + "on the sheet; '-' writes it to stdout."),
                SharedOptions.file(\.html, long: "html",
                        help: "Also write the board as a web page: the sheet with a link over every tile to its "
                            + "source, its name shown on hover; with a .dzi output, a page that pans and zooms "
                            + "the pyramid."),
                .flag(\.layoutOnly, long: "layout-only",
                      help: "Compute the layout and the manifest only: decode no pixels and write no sheet."),
                SharedOptions.width(\.width, help: "Sheet width in pixels, margins included.", bounds: 1...),
                .option(\.columns, long: "columns", short: "c", valueName: "N",
                        help: "Number of columns.", bounds: 1...),
                .option(\.columnWidth, long: "column-width", valueName: "PX",
                        help: "The narrowest a column may be, in pixels: as many columns as fit share the width, each at "
                            + "least this wide; with --columns, each exactly this wide and the sheet as wide as they need.",
                        bounds: 1...),
                .option(\.sheet.padding, long: "padding", short: "p", valueName: "PX",
                        help: "Space around each image inside its cell, in pixels; neighbouring images are twice this apart.", bounds: 0...),
                .option(\.sheet.margin, long: "margin", short: "m", valueName: "PX",
                        help: "Space around the whole sheet, in pixels.", bounds: 0...),
                .option(\.layout.placement, long: SheetSetting.placement.spelling, help: SheetSetting.placement.help),
                .option(\.layout.name, long: "layout",
                        help: "Masonry columns, justified rows of one height filling the width, or a grid of equal cells."),
                .option(\.layout.rowTolerance, long: SheetSetting.rowTolerance.spelling, valueName: "X",
                        help: SheetSetting.rowTolerance.help),
                .option(\.layout.widows, long: SheetSetting.widows.spelling, help: SheetSetting.widows.help),
                .option(\.layout.maxRows, long: SheetSetting.maxRows.spelling, valueName: "N",
                        help: SheetSetting.maxRows.help, bounds: 1...),
                .option(\.layout.breaks, long: SheetSetting.breaks.spelling, help: SheetSetting.breaks.help),
                .option(\.layout.cellWidth, long: SheetSetting.cellWidth.spelling, valueName: "PX",
                        help: SheetSetting.cellWidth.help, bounds: 1...),
                .option(\.layout.cellHeight, long: SheetSetting.cellHeight.spelling, valueName: "PX",
                        help: SheetSetting.cellHeight.help, bounds: 1...),
                .option(\.layout.fit, long: SheetSetting.fit.spelling, help: SheetSetting.fit.help),
                .option(\.sheet.direction, long: "direction",
                        help: "Whether the sheet has columns and grows downwards, or rows and grows "
                            + "to the right."),
                .option(\.height, long: "height", valueName: "PX",
                        help: "Sheet height in pixels, margins included (horizontal direction).", bounds: 1...),
                .option(\.rows, long: "rows", valueName: "N",
                        help: "Number of rows (horizontal direction).", bounds: 1...),
                .option(\.rowHeight, long: SheetSetting.rowHeight.spelling, valueName: "PX",
                        help: SheetSetting.rowHeight.help, bounds: 1...),
                .option(\.sheet.background, long: "background", valueName: "COLOR",
                        help: "Color behind and between the tiles: #rgb, #rrggbb, #rrggbbaa (quote the "
                            + "# or leave it out) or transparent."),
                .option(\.sheet.filter, long: "filter",
                        help: "How images are scaled: lanczos3 is sharpest, box averages, bilinear is "
                            + "fast, nearest keeps hard pixel edges."),
                .option(\.layout.tolerance, long: SheetSetting.tolerance.spelling, valueName: "PX",
                        help: SheetSetting.tolerance.help, bounds: 0...),
                .option(\.layout.spanWide, long: SheetSetting.spanWide.spelling, valueName: "RATIO",
                        help: SheetSetting.spanWide.help),
                .flag(\.layout.spanAll, long: SheetSetting.spanAll.spelling, help: SheetSetting.spanAll.help),
                .option(\.sheet.title, long: "title", valueName: "TEXT",
                        help: "A title band across the top of the sheet."),
                .option(\.sheet.grouping, long: "group-by",
                        help: "Make each folder's images (with --recursive, each subfolder's), or each year's, month's "
                            + "or day's by date taken, a section under a header band with its name (2024, 2024-06, "
                            + "2024-06-17); the columns start level below it. Dates sort by date taken unless --sort says otherwise."),
                .option(\.label, long: "label", valueName: "name|stem|none|TEMPLATE", completion: .values(LabelMode.words),
                        help: "A caption under each image: its file name, the name without extension, none, or a "
                            + "template such as '{stem}, {taken:%Y-%m-%d}'. Its fields: '{stem}', '{name}', "
                            + "'{width}×{height}', '{taken:%Y-%m-%d %H:%M}' (date taken; %Y %y %m %d %H %M %S), "
                            + "'{folder}', '{size}'."),
                .option(\.sheet.labelSize, long: SheetSetting.labelSize.spelling, valueName: "PX",
                        help: SheetSetting.labelSize.help, bounds: SheetSetting.labelSize.bounds),
                .option(\.sheet.labelColor, long: "label-color", valueName: "COLOR",
                        help: "Colour of captions and title."),
                .option(\.sheet.fontPath, long: "font", valueName: "PATH", completion: .files,
                        help: "TrueType font for captions and title (default: DejaVu Sans from the system)."),
                .flag(\.sheet.evenBottom, long: "even-bottom",
                      help: "Crop tiles (centred, like object-fit: cover) so every column ends on the "
                          + "same row; where --max-crop does not allow it, level them as far as it does."),
                .option(\.sheet.maxCropPercent, long: SheetSetting.maxCropPercent.spelling, valueName: "PCT",
                        help: SheetSetting.maxCropPercent.help, bounds: SheetSetting.maxCropPercent.bounds),
                .option(\.sheet.cropFocus, long: "crop-focus",
                        help: "What a cropped tile (--even-bottom, --fit cover) keeps: its middle, or its busiest part "
                            + "(edges, skin tones, saturation, as libvips's smartcrop finds it)."),
                .option(\.sheet.cornerRadius, long: SheetSetting.cornerRadius.spelling, valueName: "PX",
                        help: SheetSetting.cornerRadius.help, bounds: SheetSetting.cornerRadius.bounds),
                .option(\.sheet.compression, long: SheetSetting.compression.spelling, valueName: "LEVEL",
                        help: SheetSetting.compression.help, bounds: SheetSetting.compression.bounds),
                .option(\.sheet.encoding.quality, long: SheetSetting.quality.spelling, valueName: "N",
                        help: SheetSetting.quality.help, bounds: SheetSetting.quality.bounds),
                .option(\.sheet.encoding.subsampling, long: "subsampling",
                        help: "Colour of a JPEG sheet kept per 2×2 pixels (420, smaller) or for every pixel (444)."),
                .flag(\.sheet.encoding.lossless, long: "lossless",
                      help: "Write a WebP or AVIF sheet losslessly, every pixel exact."),
                .option(\.sheet.encoding.deepZoom.tileSize, long: SheetSetting.tileSize.spelling, valueName: "PX",
                        help: SheetSetting.tileSize.help, bounds: SheetSetting.tileSize.bounds),
                .option(\.sheet.encoding.deepZoom.overlap, long: SheetSetting.tileOverlap.spelling, valueName: "PX",
                        help: SheetSetting.tileOverlap.help, bounds: SheetSetting.tileOverlap.bounds),
                .option(\.sheet.encoding.deepZoom.tileFormat, long: "tile-format",
                        help: "Format of a Deep Zoom or IIIF pyramid's tiles; JPEG and WebP take --quality."),
                .option(\.sheet.encoding.iiifBaseID, long: "iiif-id", valueName: "URL",
                        help: "Where a IIIF tree will be served from, less its folder's name: the start of the "
                            + "id in its info.json, from which viewers ask for its tiles (libvips's "
                            + "placeholder at example.com unless given)."),
                .option(\.maxHeight, long: SheetSetting.maxHeight.spelling, valueName: "PX",
                        help: SheetSetting.maxHeight.help, bounds: 1...),
                .flag(\.each, long: "each",
                      help: "Make one sheet per input folder instead of one of all inputs; '{name}' in "
                          + "--output and --manifest stands for the folder's name (-o 'sheets/{name}.png')."),
                .flag(\.fullDecode, long: "full-decode",
                      help: "Decode JPEGs at full size instead of shrinking them on load by 1/2, 1/4 or "
                          + "1/8 (slower; for comparing quality)."),
                .flag(\.ignoreProfiles, long: "ignore-profiles",
                      help: "Take every image's colours as sRGB, ignoring embedded ICC profiles, which "
                          + "are otherwise converted to sRGB (a Display P3 photo then looks as in any viewer)."),
                .flag(\.sheet.recursive, long: "recursive",
                      help: "Also take images from the subfolders of folder inputs."),
                .option(\.sheet.sort, long: "sort",
                        help: "Sort the images by file name, date taken (EXIF, else the file's time), file time, "
                            + "size, or shuffle them by --seed (default: the order given)."),
                .flag(\.sheet.reverse, long: "reverse",
                      help: "Turn the order round, sorted or given."),
                .option(\.seed, long: "seed", valueName: "N",
                        help: "The seed of --sort random: the same seed gives the same order on every machine (default: 0).",
                        bounds: 0...),
                .flag(\.sheet.dedupe, long: "dedupe",
                      help: "Place each distinct file content (SHA-256) once; the copies are listed as skipped "
                          + "with the file they duplicate."),
                SharedOptions.file(\.filesFrom, long: "files-from",
                        help: "Also take the inputs listed in FILE, one a line, after the arguments; '-' reads them from stdin."),
                .flag(\.null, long: "null",
                      help: "The --files-from list is separated by NUL bytes (find -print0), not newlines."),
                .flag(\.sheet.strict, long: "strict",
                      help: "Fail on an input that gives no image, instead of warning and going on."),
                .option(\.maxPixels, long: "max-pixels", valueName: "N",
                        help: "The most pixels (width × height) an input image may have; larger ones "
                            + "are skipped, checked from the header before any pixel is decoded.",
                        bounds: 1...),
                .option(\.maxMemory, long: SheetSetting.maxMemory.spelling, valueName: "SIZE", help: SheetSetting.maxMemory.help),
                .option(\.sheet.maxEnlargement, long: SheetSetting.maxEnlargement.spelling, valueName: "N",
                        help: SheetSetting.maxEnlargement.help, bounds: SheetSetting.maxEnlargement.bounds),
                .option(\.sheet.maxSheetPixels, long: SheetSetting.maxSheetPixels.spelling, valueName: "N",
                        help: SheetSetting.maxSheetPixels.help, bounds: SheetSetting.maxSheetPixels.bounds),
                .option(\.sheet.jobs, long: SheetSetting.jobs.spelling, short: "j", valueName: "N",
                        help: SheetSetting.jobs.help, bounds: SheetSetting.jobs.bounds,
                        defaultDescription: "the number of cores"),
                SharedOptions.quiet(\.quiet, help: "Print no warnings or progress."),
            ],
            positionals: [
                .repeating(\.inputs, valueName: "INPUT",
                           help: "Image files and folders, in argument order: \(ReadableFormats.listing). "
                               + "A file is used whatever its name (its content decides the format); a "
                               + "folder gives the files in it with these formats' extensions, in natural "
                               + "order (img2 before img10), skipping hidden files and folders. Images are "
                               + "turned upright by their orientation and converted to sRGB by their "
                               + "colour profile. None are needed with --files-from.",
                           omittable: true),
            ],
            helpLayout: helpLayout,
            validate: validate
        )
    }

    /// `--help`'s headings by task, and the options `-h` shows.
    static let helpLayout = HelpLayout(
        sections: [
            ("OUTPUT", ["output", "format", "manifest", "html", "layout-only", "max-height", "each", "compression", "quality",
                        "subsampling", "lossless"]),
            ("LAYOUT", ["layout", "width", "columns", "column-width", "padding", "margin", "direction", "height", "rows",
                        "row-height", "placement", "tolerance", "span-wide", "span-all", "row-tolerance", "widows", "max-rows", "breaks",
                        "cell-width", "cell-height", "fit", "even-bottom", "max-crop", "crop-focus"]),
            ("LOOK", ["background", "filter", "corner-radius", "title", "label", "label-size", "label-color", "font",
                      "ignore-profiles"]),
            ("ORDER AND SELECTION", ["recursive", "sort", "reverse", "seed", "dedupe", "group-by", "files-from", "null",
                                     "strict", "max-pixels"]),
            ("PYRAMIDS", ["tile-size", "tile-overlap", "tile-format", "iiif-id"]),
            ("SPEED AND LIMITS", ["jobs", "full-decode", "max-memory", "max-enlarge", "max-sheet-pixels"]),
            ("MESSAGES", ["quiet"]),
        ],
        summary: ["output", "width", "columns", "layout", "padding", "background", "label", "recursive", "sort", "max-height"],
        footer: [
            "Also: 'pinboard diff A B' compares two sheets, images or folders; 'pinboard manifest SHEET' prints a "
                + "sheet's manifest; 'pinboard demo' draws the layout without images. 'pinboard help COMMAND' for each.",
            "Every option, under headings: 'pinboard --help'. The manual: 'pinboard --generate-manual | man -l -'.",
        ])

    /// What `-o` means here: the sheet, in the format its ending names.
    static let outputHelp = "Where to write the sheet, in the format its name's ending gives ("
        + endings + "); '-' writes a PNG to stdout."

    /// Every ending that picks a format, in `SheetFormat`'s order: `.png, .jpg, … .tiff`.
    static let endings = SheetFormat.allCases.flatMap(\.fileExtensions).map { "." + $0 }.joined(separator: ", ")

    /// What an output name must look like, for the usage error of one that names no format.
    static let outputExpectation: String = {
        let endings = SheetFormat.allCases.flatMap(\.fileExtensions).map { "." + $0 }
        let names = SheetFormat.allCases.map(\.description)
        return "a name ending in \(series(endings, "or")) (pinboard writes \(series(names, "and"))), or --format to choose one"
    }()

    /// `a, b and c`.
    static func series(_ words: [String], _ conjunction: String) -> String {
        guard let last = words.last, words.count > 1 else { return words.joined() }
        return words.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }

    /// Rules out what the command line alone shows to be contradictory (an output name whose
    /// ending names no format pinboard writes, a size option of the other direction, the
    /// sheet and the manifest both on stdout, and with `--each` an output, page or manifest
    /// path without `{name}` that every input's would overwrite), and turns the library's
    /// own refusals of the settings (`SheetOptions.validated()`) into usage errors.
    static func validate(_ request: SheetRequest) throws(UsageError) {
        if request.inputs.isEmpty, request.filesFrom == nil {
            throw .missingArgument("INPUT...")
        }
        if let label = request.label {
            do {
                _ = try LabelMode(parsing: label)
            } catch {
                throw .invalidValue(label, option: "--label", expected: "name, stem, none or a template, but it has \(error)",
                                    suggestion: nil)
            }
        }
        if request.null, request.filesFrom == nil {
            throw .requires(option: "--null", requirement: "--files-from", reason: "it says how that list is separated")
        }
        if !request.layoutOnly, request.outputFormat == nil {
            throw .invalidValue(request.output, option: "--output", expected: outputExpectation, suggestion: nil)
        }
        if let format = request.outputFormat, format.isPyramid, !request.layoutOnly {
            if request.output == "-" {
                throw .conflict("--output -", "--format \(format.rawValue)", reason: "a pyramid is a folder of files, not one stream")
            }
            if format == .iiif, request.html != nil {
                throw .conflict("--html", "--format iiif", reason: "the board page shows a Deep Zoom pyramid; write -o NAME.dzi for it")
            }
        }
        try refuseOptionsOfTheOtherDirection(request)
        do {
            _ = try request.options().validated()
        } catch {
            try usageError(for: error)
        }
        let templates = [("--output", request.output as String?), ("--manifest", request.manifest), ("--html", request.html)]
        if !request.each, let (option, value) = templates.first(where: { $0.1?.contains("{name}") == true }), let value {
            throw .requires(option: "\(option) \(value)", requirement: "--each",
                            reason: "{name} stands for each input folder's name, and only --each makes a sheet per folder")
        }
        if request.maxHeight != nil || request.each, request.output == "-", !request.layoutOnly {
            let option = request.each ? "--each" : "--max-height"
            throw .conflict("--output -", option, reason: "several sheets cannot share stdout")
        }
        if request.each, request.inputs.count > 1, !request.output.contains("{name}") {
            throw .requires(option: "--each", requirement: "{name} in --output",
                            reason: "every input's sheet would overwrite the last one")
        }
        if request.html != nil, request.output == "-" || request.layoutOnly {
            throw .conflict("--html", request.layoutOnly ? "--layout-only" : "--output -",
                            reason: "the page shows the sheet, which needs to be a file")
        }
        if request.each, request.inputs.count > 1, let html = request.html, !html.contains("{name}") {
            throw .requires(option: "--html \(html)", requirement: "{name} in --html",
                            reason: "every input's page would overwrite the last one")
        }
        if let html = request.html, Self.samePath(html, request.output) {
            throw .conflict("--output \(request.output)", "--html \(html)", reason: "the page would overwrite the sheet")
        }
        if !request.layoutOnly, let manifest = request.manifest, Self.samePath(manifest, request.output) {
            let reason = manifest == "-" ? "both would write to stdout" : "the manifest would overwrite the sheet"
            throw .conflict("--output \(request.output)", "--manifest \(manifest)", reason: reason)
        }
        if request.each, request.inputs.count > 1, let manifest = request.manifest, manifest != "-", !manifest.contains("{name}") {
            throw .requires(option: "--manifest \(manifest)", requirement: "{name} in --manifest",
                            reason: "every input's manifest would overwrite the last one")
        }
    }

    /// A size option given for the other direction: the library's options have a breadth
    /// and lanes, so only the command line's spellings can be of the wrong direction.
    private static func refuseOptionsOfTheOtherDirection(_ request: SheetRequest) throws(UsageError) {
        let vertical: [(given: Bool, option: String, reason: String)] = [
            (request.width != nil, "--width", "a horizontal sheet's width follows from its images"),
            (request.columns != nil, "--columns", "a horizontal sheet has rows; use --rows"),
            (request.columnWidth != nil, "--column-width", "a horizontal sheet has rows; use --row-height"),
        ]
        let horizontal: [(given: Bool, option: String, reason: String)] = [
            (request.height != nil, "--height", "a vertical sheet's height follows from its images"),
            (request.rows != nil, "--rows", "a vertical sheet has columns; use --columns"),
            (request.rowHeight != nil && request.layout.name != .justified, "--row-height",
             "a vertical sheet has columns; use --column-width, or --layout justified for rows of this height"),
        ]
        let (misplaced, requirement) = switch request.sheet.direction {
        case .vertical: (horizontal, "--direction horizontal")
        case .horizontal: (vertical, "--direction vertical")
        }
        if let first = misplaced.first(where: \.given) {
            throw .requires(option: first.option, requirement: requirement, reason: first.reason)
        }
    }

    /// The usage error for the library's refusal of the settings; nothing for an error the
    /// run reports itself (a layout that cannot be made from these sizes).
    private static func usageError(for error: PinboardError) throws(UsageError) {
        switch error {
        case .conflictingSettings(.overlapPastTileSize(let overlap, let tileSize)):
            throw .invalidValue(String(overlap), option: "--tile-overlap", expected: "0 to the tile size, \(tileSize)", suggestion: nil)
        case .conflictingSettings(let rule):
            throw .requires(option: "--" + rule.subject, requirement: rule.requirements.map { "--" + $0 }.joined(separator: " or "),
                            reason: rule.reason)
        case .settingOutOfRange(let setting, let value, let allowed):
            throw .invalidValue(String(value), option: "--" + setting.spelling,
                                expected: "an integer from \(allowed.lowerBound) to \(allowed.upperBound)", suggestion: nil)
        case .layout(.rowToleranceOutOfRange(let tolerance)):
            throw .invalidValue(tolerance.defaultValueDescription, option: "--row-tolerance",
                                expected: "a number from 0 to 1", suggestion: nil)
        default:
            return
        }
    }

    /// Whether two output arguments name one file: both stdout, or one path however spelled
    /// (`out.png`, `./out.png`, `dir/../out.png`).
    private static func samePath(_ first: String, _ second: String) -> Bool {
        if first == "-" || second == "-" { return first == second }
        return URL(fileURLWithPath: first).standardizedFileURL.path == URL(fileURLWithPath: second).standardizedFileURL.path
    }
}
