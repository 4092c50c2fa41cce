import ArgumentParsing
import Pinboard
@testable import PinboardCLI
import Testing

/// A request as the parser should return it: the defaults, inputs `in.png`, then `change`.
func request(_ change: (inout SheetRequest) -> Void = { _ in }) -> SheetRequest {
    var request = SheetRequest(inputs: ["in.png"])
    change(&request)
    return request
}

/// Parses a `pinboard` command line at help width 80.
func parse(_ arguments: [String]) throws(UsageError) -> ParseOutcome<SheetRequest> {
    try PinboardCommand.command.parse(arguments, helpWidth: 80)
}

/// Parses a `pinboard` command line that must run, and returns its request.
func parsedRequest(_ arguments: [String]) throws -> SheetRequest {
    guard case .run(let request) = try parse(arguments) else {
        Issue.record("\(arguments) did not parse to a request")
        return SheetRequest()
    }
    return request
}

@Suite("pinboard options")
struct PinboardCommandTests {
    /// Every option of the command with a value, each in every spelling it accepts:
    /// `--name value`, `--name=value` and, where it has one, `-n value`.
    static let valueCases: [(arguments: [String], expected: SheetRequest)] = {
        let options: [(long: String, short: String?, value: String, extra: [String], expected: SheetRequest)] = [
            ("output", "o", "out.png", [], request { $0.output = "out.png" }),
            ("output", "o", "-", [], request { $0.output = "-" }),
            ("manifest", nil, "layout.json", [], request { $0.manifest = "layout.json" }),
            ("manifest", nil, "-", [], request { $0.manifest = "-" }),
            ("width", "w", "800", [], request { $0.width = 800 }),
            ("columns", "c", "4", [], request { $0.columns = 4 }),
            ("column-width", nil, "250", [], request { $0.columnWidth = 250 }),
            ("padding", "p", "0", [], request { $0.sheet.padding = 0 }),
            ("margin", "m", "12", [], request { $0.sheet.margin = 12 }),
            ("placement", nil, "round-robin", [], request { $0.layout.placement = .roundRobin }),
            ("placement", nil, "shortest", [], request { $0.layout.placement = .shortest }),
            ("direction", nil, "horizontal", [], request { $0.sheet.direction = .horizontal }),
            ("height", nil, "900", ["--direction", "horizontal"], request { $0.sheet.direction = .horizontal; $0.height = 900 }),
            ("rows", nil, "2", ["--direction", "horizontal"], request { $0.sheet.direction = .horizontal; $0.rows = 2 }),
            ("row-height", nil, "300", ["--direction", "horizontal"],
             request { $0.sheet.direction = .horizontal; $0.rowHeight = 300 }),
            ("background", nil, "#000", [], request { $0.sheet.background = .init(red: 0, green: 0, blue: 0, alpha: 255) }),
            ("background", nil, "transparent", [], request { $0.sheet.background = .transparent }),
            ("filter", nil, "box", [], request { $0.sheet.filter = .box }),
            ("filter", nil, "nearest", [], request { $0.sheet.filter = .nearest }),
            ("compression", nil, "9", [], request { $0.sheet.compression = 9 }),
            ("compression", nil, "0", [], request { $0.sheet.compression = 0 }),
            ("jobs", "j", "3", [], request { $0.sheet.jobs = 3 }),
        ]
        return options.flatMap { option in
            let spellings = [["--" + option.long, option.value], ["--" + option.long + "=" + option.value]]
                + (option.short.map { [["-" + $0, option.value]] } ?? [])
            return spellings.map { (["in.png"] + option.extra + $0, option.expected) }
        }
    }()

    @Test("Every option parses in every spelling", arguments: valueCases)
    func valueOption(arguments: [String], expected: SheetRequest) throws {
        #expect(try parsedRequest(arguments) == expected)
    }

    @Test("Every flag parses in every spelling", arguments: [
        (["--layout-only"], request { $0.layoutOnly = true }),
        (["--recursive"], request { $0.sheet.recursive = true }),
        (["--strict"], request { $0.sheet.strict = true }),
        (["--quiet"], request { $0.quiet = true }),
        (["-q"], request { $0.quiet = true }),
        (["--recursive", "--recursive"], request { $0.sheet.recursive = true }),
    ])
    func flag(arguments: [String], expected: SheetRequest) throws {
        #expect(try parsedRequest(["in.png"] + arguments) == expected)
    }

    @Test("A command line without options asks the library for exactly its own defaults")
    func defaultsAreTheLibrarys() throws {
        #expect(try SheetRequest(inputs: ["in.png"]).options() == SheetOptions())
    }

    @Test("Defaults: the help's, with layout sizes left to the layout engine")
    func defaults() throws {
        let parsed = try parsedRequest(["in.png"])
        #expect(parsed == SheetRequest(inputs: ["in.png"]))
        #expect(parsed.output == "pinboard.png")
        #expect(parsed.manifest == nil)
        #expect([parsed.width, parsed.columns, parsed.columnWidth, parsed.height, parsed.rows, parsed.rowHeight]
            .allSatisfy { $0 == nil })
        #expect((parsed.sheet.padding, parsed.sheet.margin, parsed.sheet.compression) == (6, 0, 6))
        #expect((parsed.layout, parsed.sheet.direction, parsed.sheet.filter) == (LayoutChoice(), .vertical, .lanczos3))
        #expect(parsed.sheet.background == .white)
        #expect(!parsed.layoutOnly && !parsed.sheet.recursive && !parsed.sheet.strict && !parsed.quiet)
        #expect(parsed.sheet.jobs >= 1)
    }

    @Test("Inputs keep their order, mixed with options, '-' included")
    func inputs() throws {
        let parsed = try parsedRequest(["a.png", "-c", "2", "photos/", "-", "--quiet", "b.png"])
        #expect(parsed.inputs == ["a.png", "photos/", "-", "b.png"])
        #expect(parsed.columns == 2)
        #expect(parsed.quiet)
    }

    @Test("'--' ends the options", arguments: [
        (["--", "--help", "-o", "-"], ["--help", "-o", "-"]),
        (["a.png", "--", "--", "-q"], ["a.png", "--", "-q"]),
    ])
    func doubleDash(arguments: [String], inputs: [String]) throws {
        let parsed = try parsedRequest(arguments)
        #expect(parsed.inputs == inputs)
        #expect(parsed.output == "pinboard.png")
        #expect(!parsed.quiet)
    }

    @Test("An option given twice keeps its last value")
    func lastWins() throws {
        let parsed = try parsedRequest(["-w", "100", "in.png", "--width=200", "--placement", "round-robin",
                                        "--placement=shortest"])
        #expect(parsed == request { $0.width = 200; $0.layout.placement = .shortest })
    }

    @Test("All three of width, columns and column width are left for the layout to judge")
    func overdetermined() throws {
        let parsed = try parsedRequest(["in.png", "-w", "1000", "-c", "3", "--column-width", "300"])
        #expect((parsed.width, parsed.columns, parsed.columnWidth) == (1000, 3, 300))
    }

    @Test("No inputs is a usage error", arguments: [["-o", "out.png"], ["--"], ["--recursive", "--"]])
    func noInputs(arguments: [String]) {
        #expect(throws: UsageError.missingArgument("INPUT...")) { try parse(arguments) }
    }

    @Test("No arguments at all ask for the usage summary")
    func noArguments() {
        #expect(throws: UsageError.noArguments) { try parse([]) }
    }

    @Test("A value that is missing names the option and its placeholder", arguments: [
        (["in.png", "--width"], UsageError.missingValue(option: "--width", valueName: "PX")),
        (["in.png", "-o"], .missingValue(option: "--output", valueName: "FILE")),
        (["--output", "--quiet", "in.png"], .missingValue(option: "--output", valueName: "FILE")),
        (["-c", "--", "in.png"], .missingValue(option: "--columns", valueName: "N")),
        (["in.png", "--placement"], .missingValue(option: "--placement", valueName: "shortest|round-robin|balanced")),
    ])
    func missingValue(arguments: [String], error: UsageError) {
        #expect(throws: error) { try parse(arguments) }
    }

    @Test("An invalid value is quoted with the option and what was expected", arguments: [
        (["--width", "abc"], UsageError.invalidValue("abc", option: "--width", expected: "an integer of at least 1",
                                                     suggestion: nil)),
        (["-w", "0"], .invalidValue("0", option: "--width", expected: "an integer of at least 1", suggestion: nil)),
        (["--width=99999999999999999999"], .invalidValue("99999999999999999999", option: "--width",
                                                         expected: "an integer of at least 1", suggestion: nil)),
        (["-c", "3.5"], .invalidValue("3.5", option: "--columns", expected: "an integer of at least 1", suggestion: nil)),
        (["--margin", "-1"], .invalidValue("-1", option: "--margin", expected: "an integer of at least 0",
                                           suggestion: nil)),
        (["--compression", "10"], .invalidValue("10", option: "--compression", expected: "an integer from 0 to 9",
                                                suggestion: nil)),
        (["-j", "0"], .invalidValue("0", option: "--jobs", expected: "an integer of at least 1", suggestion: nil)),
        (["--rows=", "--direction", "horizontal"], .invalidValue("", option: "--rows",
                                                                 expected: "an integer of at least 1", suggestion: nil)),
        (["--placement", "round_robin"], .invalidValue("round_robin", option: "--placement",
                                                       expected: "one of shortest|round-robin|balanced", suggestion: "round-robin")),
        (["--direction=vertcal"], .invalidValue("vertcal", option: "--direction",
                                                expected: "one of vertical|horizontal", suggestion: "vertical")),
        (["--filter", "bicubic"], .invalidValue("bicubic", option: "--filter",
                                                expected: "one of lanczos3|box|bilinear|nearest", suggestion: nil)),
        (["--background", "#12345"], .invalidValue("#12345", option: "--background",
                                                   expected: "#rgb, #rrggbb, #rrggbbaa or transparent", suggestion: nil)),
    ])
    func invalidValue(arguments: [String], error: UsageError) {
        #expect(throws: error) { try parse(["in.png"] + arguments) }
    }

    @Test("An unknown option is quoted, with the nearest spelling when one is close", arguments: [
        ("--colums", UsageError.unknownOption("--colums", suggestion: "--columns")),
        ("--colums=4", .unknownOption("--colums", suggestion: "--columns")),
        ("--widht", .unknownOption("--widht", suggestion: "--width")),
        ("--hepl", .unknownOption("--hepl", suggestion: "--help")),
        ("--verison", .unknownOption("--verison", suggestion: "--version")),
        ("--recurse", .unknownOption("--recurse", suggestion: "--recursive")),
        ("-width", .unknownOption("-width", suggestion: "--width")),
    ])
    func unknownOption(argument: String, error: UsageError) {
        #expect(throws: error) { try parse(["in.png", argument]) }
    }

    @Test("An unknown option with no near spelling is quoted alone", arguments: ["--frobnicate", "-x", "-qx", "-zq"])
    func unknownOptionWithoutSuggestion(argument: String) {
        #expect(throws: UsageError.unknownOption(argument, suggestion: nil)) { try parse(["in.png", argument]) }
    }

    /// As getopt reads them: a short option's value may follow it in the same argument, and
    /// flags may be grouped, the last perhaps taking a value.
    @Test("A short option run into its value, and short flags run together, are taken", arguments: [
        (["-ofoo.png"], request { $0.output = "foo.png" }),
        (["-o=foo.png"], request { $0.output = "foo.png" }),
        (["-c4"], request { $0.columns = 4 }),
        (["-qc4"], request { $0.quiet = true; $0.columns = 4 }),
        (["-qj", "3"], request { $0.quiet = true; $0.sheet.jobs = 3 }),
        (["-w1600", "-p0"], request { $0.width = 1600; $0.sheet.padding = 0 }),
    ])
    func runTogether(arguments: [String], expected: SheetRequest) throws {
        #expect(try parsedRequest(["in.png"] + arguments) == expected)
    }

    @Test("An option that takes its value after '=' says so when given it apart")
    func valueAfterEquals() {
        #expect(throws: UsageError.valueAfterEquals("changed", option: "--update")) {
            try DiffCommand.command.parse(["a.png", "b.png", "--update", "changed"], helpWidth: 80)
        }
        #expect(throws: UsageError.valueAfterEquals("changed,missing", option: "--update")) {
            try DiffCommand.command.parse(["a", "b", "--update", "changed,missing"], helpWidth: 80)
        }
    }

    @Test("A flag given a value is a usage error")
    func flagWithValue() {
        #expect(throws: UsageError.unexpectedValue("yes", option: "--recursive")) {
            try parse(["in.png", "--recursive=yes"])
        }
    }

    @Test("A size option of the other direction is a usage error", arguments: [
        (["--height", "900"], "--height", "--direction horizontal", "a vertical sheet's height follows from its images"),
        (["--rows", "2"], "--rows", "--direction horizontal", "a vertical sheet has columns; use --columns"),
        (["--row-height", "9", "--direction", "vertical"], "--row-height", "--direction horizontal",
         "a vertical sheet has columns; use --column-width, or --layout justified for rows of this height"),
        (["--direction", "horizontal", "-w", "900"], "--width", "--direction vertical",
         "a horizontal sheet's width follows from its images"),
        (["-c", "2", "--direction", "horizontal"], "--columns", "--direction vertical",
         "a horizontal sheet has rows; use --rows"),
        (["--direction=horizontal", "--column-width=9"], "--column-width", "--direction vertical",
         "a horizontal sheet has rows; use --row-height"),
    ])
    func wrongDirection(arguments: [String], option: String, requirement: String, reason: String) {
        #expect(throws: UsageError.requires(option: option, requirement: requirement, reason: reason)) {
            try parse(["in.png"] + arguments)
        }
    }

    @Test("The sheet and the manifest cannot both go to stdout, unless no sheet is written")
    func bothToStdout() throws {
        #expect(throws: UsageError.conflict("--output -", "--manifest -", reason: "both would write to stdout")) {
            try parse(["in.png", "-o", "-", "--manifest", "-"])
        }
        let parsed = try parsedRequest(["in.png", "-o", "-", "--manifest", "-", "--layout-only"])
        #expect(parsed == request { $0.output = "-"; $0.manifest = "-"; $0.layoutOnly = true })
    }
}
