import ArgumentParsing
@testable import PinboardCLI
import Testing

@Suite("pinboard --help")
struct HelpTextTests {
    /// The whole help at width 80, pinned: a change to any option's help shows up here.
    static let expected = """
        OVERVIEW: Lay out images as one Pinterest-style board or contact sheet.

        By default every image is scaled to the width of a column and goes into the
        shortest column so far, so the columns fill evenly and nothing is cropped. With
        --direction horizontal, rows of one height take the place of columns; --layout
        justified lays rows of one height across the width, --layout grid equal cells.

        Give at most two of --width, --columns and --column-width (or of --height,
        --rows and --row-height) and the layout works out the rest; with none of them,
        the sheet is 1200 pixels across with 3 columns (or rows).

        Every sheet carries its manifest; 'pinboard manifest SHEET' prints it and
        'pinboard diff A B' compares two sheets tile by tile. 'pinboard demo' draws the
        layout without any images. Each has its own --help.

        USAGE: pinboard [options] INPUT...

        ARGUMENTS:
          INPUT...                  Image files and folders, in argument order: PNG,
                                    JPEG, WebP, GIF, TIFF, HEIC and AVIF. A file is used
                                    whatever its name (its content decides the format);
                                    a folder gives the files in it with these formats'
                                    extensions, in natural order (img2 before img10),
                                    skipping hidden files and folders. Images are turned
                                    upright by their orientation and converted to sRGB
                                    by their colour profile. None are needed with
                                    --files-from.

        OUTPUT:
          -o, --output FILE         Where to write the sheet, in the format its name's
                                    ending gives (.png, .jpg, .jpeg, .webp, .avif, .tif,
                                    .tiff, .dzi); '-' writes a PNG to stdout.
                                    (default: pinboard.png)
              --format png|jpeg|webp|avif|tiff|dzi|iiif
                                    Write the sheet in this format whatever the output's
                                    name; needed for a name with no such ending, and for
                                    anything but PNG on stdout; iiif writes a IIIF Image
                                    API 3 level-0 tree into the output folder.
              --manifest FILE       Also write the layout as a JSON manifest, each
                                    tile's source and place on the sheet; '-' writes it
                                    to stdout.
              --html FILE           Also write the board as a web page: the sheet with a
                                    link over every tile to its source, its name shown
                                    on hover; with a .dzi output, a page that pans and
                                    zooms the pyramid.
              --layout-only         Compute the layout and the manifest only: decode no
                                    pixels and write no sheet.
              --max-height PX       Split a long board into pages no taller than this,
                                    each a complete board, written as NAME-1.png,
                                    NAME-2.png, … after the output's name.
              --each                Make one sheet per input folder instead of one of
                                    all inputs; '{name}' in --output and --manifest
                                    stands for the folder's name (-o
                                    'sheets/{name}.png').
              --compression LEVEL   Deflate level of a PNG or TIFF sheet, from 0
                                    (stored, not deflated) to 9 (smallest). (default: 6)
              --quality N           Quality of a JPEG, WebP or AVIF sheet, from 1
                                    (smallest) to 100 (best). (default: 90)
              --subsampling 420|444
                                    Colour of a JPEG sheet kept per 2×2 pixels (420,
                                    smaller) or for every pixel (444). (default: 420)
              --lossless            Write a WebP or AVIF sheet losslessly, every pixel
                                    exact.

        LAYOUT:
              --layout masonry|justified|grid
                                    Masonry columns, justified rows of one height
                                    filling the width, or a grid of equal cells.
                                    (default: masonry)
          -w, --width PX            Sheet width in pixels, margins included.
          -c, --columns N           Number of columns.
              --column-width PX     The narrowest a column may be, in pixels: as many
                                    columns as fit share the width, each at least this
                                    wide; with --columns, each exactly this wide and the
                                    sheet as wide as they need.
          -p, --padding PX          Space around each image inside its cell, in pixels;
                                    neighbouring images are twice this apart.
                                    (default: 6)
          -m, --margin PX           Space around the whole sheet, in pixels.
                                    (default: 0)
              --direction vertical|horizontal
                                    Whether the sheet has columns and grows downwards,
                                    or rows and grows to the right. (default: vertical)
              --height PX           Sheet height in pixels, margins included (horizontal
                                    direction).
              --rows N              Number of rows (horizontal direction).
              --row-height PX       Height of each row in pixels (horizontal direction),
                                    or the height justified rows aim for (default: 320).
              --placement shortest|round-robin|balanced
                                    Which column (row, when horizontal) takes the next
                                    image: the shortest so far, each in turn, or
                                    balanced: the images in order split into the columns
                                    so the longest is as short as it can be, read down
                                    each column (default: shortest).
              --tolerance PX        Put each image in the leftmost column within this
                                    many pixels of the shortest, for reading order
                                    without a ragged look (default: 0).
              --span-wide RATIO     Let images at least this wide for their height (3/2,
                                    1.5) span two adjacent columns.
              --span-all            Wide images (see --span-wide) span every column
                                    instead of two.
              --row-tolerance X     How far justified rows may end from --row-height, as
                                    a fraction from 0 to 1 (default: 0.25).
              --widows left|center|justify
                                    How justified rows lay out an incomplete last row at
                                    the height of the row before (default: left).
              --max-rows N          The most justified rows the board holds; the images
                                    after them are skipped.
              --breaks greedy|optimal
                                    Where justified rows break: row by row as
                                    justified-layout does, or over the whole board at
                                    once so the rows keep closest to --row-height in
                                    total (default: greedy).
              --cell-width PX       Width of each grid cell in pixels; with --columns,
                                    the sheet is as wide as they need (default: the
                                    column width less padding).
              --cell-height PX      Height of each grid cell in pixels (default: the
                                    cell width).
              --fit contain|cover|fill
                                    How each image fills its grid cell: the largest size
                                    that fits, centred; the smallest that covers it,
                                    cropped; or stretched (default: contain).
              --even-bottom         Crop tiles (centred, like object-fit: cover) so
                                    every column ends on the same row; where --max-crop
                                    does not allow it, level them as far as it does.
              --max-crop PCT        The most of each tile's height --even-bottom may
                                    crop, in percent. (default: 8)
              --crop-focus centre|attention
                                    What a cropped tile (--even-bottom, --fit cover)
                                    keeps: its middle, or its busiest part (edges, skin
                                    tones, saturation, as libvips's smartcrop finds it).
                                    (default: centre)

        LOOK:
              --background COLOR    Color behind and between the tiles: #rgb, #rrggbb,
                                    #rrggbbaa (quote the # or leave it out) or
                                    transparent. (default: #ffffff)
              --filter lanczos3|box|bilinear|nearest
                                    How images are scaled: lanczos3 is sharpest, box
                                    averages, bilinear is fast, nearest keeps hard pixel
                                    edges. (default: lanczos3)
              --corner-radius PX    Round every image's corners with this radius,
                                    antialiased; the background shows outside the curve
                                    (the Pinterest card look). (default: 0)
              --title TEXT          A title band across the top of the sheet.
              --label name|stem|none|TEMPLATE
                                    A caption under each image: its file name, the name
                                    without extension, none, or a template such as
                                    '{stem}, {taken:%Y-%m-%d}'. Its fields: '{stem}',
                                    '{name}', '{width}×{height}', '{taken:%Y-%m-%d
                                    %H:%M}' (date taken; %Y %y %m %d %H %M %S),
                                    '{folder}', '{size}'.
              --label-size PX       Caption size in pixels; the title is twice as large.
                                    (default: 13)
              --label-color COLOR   Colour of captions and title. (default: #444444)
              --font PATH           TrueType font for captions and title (default:
                                    DejaVu Sans from the system).
              --ignore-profiles     Take every image's colours as sRGB, ignoring
                                    embedded ICC profiles, which are otherwise converted
                                    to sRGB (a Display P3 photo then looks as in any
                                    viewer).

        ORDER AND SELECTION:
              --recursive           Also take images from the subfolders of folder
                                    inputs.
              --sort name|taken|modified|size|random
                                    Sort the images by file name, date taken (EXIF, else
                                    the file's time), file time, size, or shuffle them
                                    by --seed (default: the order given).
              --reverse             Turn the order round, sorted or given.
              --seed N              The seed of --sort random: the same seed gives the
                                    same order on every machine (default: 0).
              --dedupe              Place each distinct file content (SHA-256) once; the
                                    copies are listed as skipped with the file they
                                    duplicate.
              --group-by folder|year|month|day
                                    Make each folder's images (with --recursive, each
                                    subfolder's), or each year's, month's or day's by
                                    date taken, a section under a header band with its
                                    name (2024, 2024-06, 2024-06-17); the columns start
                                    level below it. Dates sort by date taken unless
                                    --sort says otherwise.
              --files-from FILE     Also take the inputs listed in FILE, one a line,
                                    after the arguments; '-' reads them from stdin.
              --null                The --files-from list is separated by NUL bytes
                                    (find -print0), not newlines.
              --strict              Fail on an input that gives no image, instead of
                                    warning and going on.
              --max-pixels N        The most pixels (width × height) an input image may
                                    have; larger ones are skipped, checked from the
                                    header before any pixel is decoded.
                                    (default: 268435456)

        PYRAMIDS:
              --tile-size PX        Side of a Deep Zoom or IIIF pyramid tile, overlap
                                    aside. (default: 254)
              --tile-overlap PX     Pixels each Deep Zoom pyramid tile repeats of its
                                    neighbours, 0 to the tile size (IIIF tiles never
                                    overlap). (default: 1)
              --tile-format jpeg|png|webp
                                    Format of a Deep Zoom or IIIF pyramid's tiles; JPEG
                                    and WebP take --quality. (default: jpeg)
              --iiif-id URL         Where a IIIF tree will be served from, less its
                                    folder's name: the start of the id in its info.json,
                                    from which viewers ask for its tiles (libvips's
                                    placeholder at example.com unless given).

        SPEED AND LIMITS:
          -j, --jobs N              How many images to decode and scale at once.
                                    (default: the number of cores)
              --full-decode         Decode JPEGs at full size instead of shrinking them
                                    on load by 1/2, 1/4 or 1/8 (slower; for comparing
                                    quality).
              --max-memory SIZE     The most memory drawing the sheet may take, in bytes
                                    or with K, M, G or T (4G); a larger plan is refused
                                    before any image is decoded (default: 3G).
              --max-enlarge N       The most times a tile's side may be its image's; a
                                    tile enlarged further is refused before any image is
                                    decoded. (default: 100)
              --max-sheet-pixels N  The most pixels (width × height) the sheet may have.
                                    (default: 40000000000)

        MESSAGES:
          -q, --quiet               Print no warnings or progress.

        OTHER OPTIONS:
          -h, --help                Show this help and exit.
              --version             Show the version and exit.
              --generate-completion-script bash|zsh|fish
                                    Print a script that completes the commands, options
                                    and their values in the shell, and exit.
              --generate-manual     Print the manual page, in roff, and exit.

        """

    /// `-h`, at width 80: the overview, the usage, the ten options people use most and where
    /// the rest are, on one screen.
    static let expectedShort = """
        OVERVIEW: Lay out images as one Pinterest-style board or contact sheet.

        USAGE: pinboard [options] INPUT...

        OPTIONS (the most used; 'pinboard --help' lists every one):
          -o, --output FILE         Where to write the sheet, in the format its name's
                                    ending gives (.png, .jpg, .jpeg, .webp, .avif, .tif,
                                    .tiff, .dzi); '-' writes a PNG to stdout.
          -w, --width PX            Sheet width in pixels, margins included.
          -c, --columns N           Number of columns.
              --layout masonry|justified|grid
                                    Masonry columns, justified rows of one height
                                    filling the width, or a grid of equal cells.
          -p, --padding PX          Space around each image inside its cell, in pixels;
                                    neighbouring images are twice this apart.
              --background COLOR    Color behind and between the tiles: #rgb, #rrggbb,
                                    #rrggbbaa (quote the # or leave it out) or
                                    transparent.
              --label name|stem|none|TEMPLATE
                                    A caption under each image: its file name, the name
                                    without extension, none, or a template such as
                                    '{stem}, {taken:%Y-%m-%d}'.
              --recursive           Also take images from the subfolders of folder
                                    inputs.
              --sort name|taken|modified|size|random
                                    Sort the images by file name, date taken (EXIF, else
                                    the file's time), file time, size, or shuffle them
                                    by --seed (default: the order given).
              --max-height PX       Split a long board into pages no taller than this,
                                    each a complete board, written as NAME-1.png,
                                    NAME-2.png, … after the output's name.

        Also: 'pinboard diff A B' compares two sheets, images or folders; 'pinboard
        manifest SHEET' prints a sheet's manifest; 'pinboard demo' draws the layout
        without images. 'pinboard help COMMAND' for each.
        Every option, under headings: 'pinboard --help'. The manual: 'pinboard
        --generate-manual | man -l -'.

        """

    @Test("-h is a summary that fits one screen: at most 40 lines of 100 columns")
    func shortFitsOneScreen() throws {
        #expect(try parse(["-h"]) == .help(Self.expectedShort))
        guard case .help(let text) = try PinboardCommand.command.parse(["-h"], helpWidth: 100) else {
            Issue.record("no help")
            return
        }
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count <= 40)
    }

    @Test("--help lists every option under a heading by task, each option once")
    func headings() throws {
        let headings = Self.expected.split(separator: "\n").filter { $0.hasSuffix(":") && $0.first?.isUppercase == true }
        #expect(headings == ["ARGUMENTS:", "OUTPUT:", "LAYOUT:", "LOOK:", "ORDER AND SELECTION:", "PYRAMIDS:",
                             "SPEED AND LIMITS:", "MESSAGES:", "OTHER OPTIONS:"])
        for option in PinboardCommand.command.allOptions {
            #expect(Self.expected.components(separatedBy: "--" + option.long + " ").count
                + Self.expected.components(separatedBy: "--" + option.long + "\n").count - 2 >= 1, "\(option.long)")
        }
    }

    @Test("The help at width 80 is exactly the pinned text")
    func pinned() throws {
        #expect(try parse(["--help"]) == .help(Self.expected))
    }

    @Test("Every line fits the width, or the narrowest layout: 52 columns",
          arguments: [20, 40, 52, 60, 80, 100, 132], ["--help", "-h"])
    func fitsWidth(width: Int, flag: String) throws {
        guard case .help(let text) = try PinboardCommand.command.parse([flag], helpWidth: width) else {
            Issue.record("no help")
            return
        }
        let overlong = text.split(separator: "\n").filter { $0.count > max(width, 28 + 24) }
        #expect(overlong.isEmpty)
        #expect(text.hasSuffix("\n"))
        let headings = flag == "--help" ? ["OVERVIEW: ", "\nUSAGE: ", "\nARGUMENTS:\n", "\nOUTPUT:\n", "\nLAYOUT:\n"]
            : ["OVERVIEW: ", "\nUSAGE: ", "\nOPTIONS"]
        for heading in headings {
            #expect(text.contains(heading))
        }
    }

    @Test("A wider terminal gets longer lines")
    func widerWraps() throws {
        guard case .help(let text) = try PinboardCommand.command.parse(["--help"], helpWidth: 132) else {
            Issue.record("no help")
            return
        }
        #expect(text.contains("""
              -o, --output FILE         Where to write the sheet, in the format its name's ending gives (.png, .jpg, .jpeg, .webp, .avif, .tif,
                                        .tiff, .dzi); '-' writes a PNG to stdout. (default: pinboard.png)

            """))
    }

    @Test("The width is COLUMNS when it is a positive number, else 80", arguments: [
        ([:], 80), (["COLUMNS": "120"], 120), (["COLUMNS": "0"], 80), (["COLUMNS": "-5"], 80),
        (["COLUMNS": "wide"], 80), (["COLUMNS": ""], 80),
    ])
    func widthFromEnvironment(environment: [String: String], width: Int) {
        #expect(HelpFormatter.width(environment: environment) == width)
    }

    @Test("--version prints the command's name and version", arguments: [["--version"], ["in.png", "--version"]])
    func version(arguments: [String]) throws {
        #expect(try parse(arguments) == .version("pinboard \(PinboardCommand.version)"))
    }

    @Test("--help and -h win over --version and over usage errors", arguments: [
        ["--version", "--help"], ["--bogus", "-h"], ["--width", "-h"], ["--height", "9", "-h"], ["-h"],
    ])
    func helpWins(arguments: [String]) throws {
        #expect(try parse(arguments) == .help(arguments.contains("--help") ? Self.expected : Self.expectedShort))
    }
}
