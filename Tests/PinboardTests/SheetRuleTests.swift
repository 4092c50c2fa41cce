import Layout
import Pinboard
import Raster
import SheetOutput
import Testing

/// Every rule between settings that `pinboard` refuses is the library's own: a Swift caller
/// gets the same typed refusal from `SheetOptions.validated()` or `LayoutChoice.mode()`,
/// and the planner throws it before reading any input.
@Suite("Rules between sheet settings")
struct SheetRuleTests {
    /// Options breaking one rule each, with the rule they must be refused by.
    static let broken: [(name: String, options: SheetOptions, rule: SheetRule)] = [
        ("a seed without the shuffle", { var o = SheetOptions(); o.seed = 7; return o }(), .seedWithoutShuffle(seed: 7)),
        ("justified rows on a horizontal sheet",
         { var o = SheetOptions(); o.direction = .horizontal; o.layout = LayoutMode(.justified); return o }(),
         .modeNeedsVertical(.justified)),
        ("a grid on a horizontal sheet",
         { var o = SheetOptions(); o.direction = .horizontal; o.layout = LayoutMode(.grid); return o }(),
         .modeNeedsVertical(.grid)),
        ("a crop focus with nothing cropped", { var o = SheetOptions(); o.cropFocus = .attention; return o }(),
         .focusWithoutCrop(.attention)),
        ("a crop focus on a grid that contains", {
            var o = SheetOptions(); o.cropFocus = .attention; o.layout = .grid(GridSettings(fit: .contain)); return o
        }(), .focusWithoutCrop(.attention)),
        ("an even bottom in justified rows",
         { var o = SheetOptions(); o.evenBottom = true; o.layout = LayoutMode(.justified); return o }(),
         .evenBottomNeedsMasonry(.justified)),
        ("an even bottom on a horizontal sheet",
         { var o = SheetOptions(); o.evenBottom = true; o.direction = .horizontal; return o }(), .evenBottomNeedsVertical),
        ("pages of a horizontal sheet",
         { var o = SheetOptions(); o.maxHeight = 500; o.direction = .horizontal; return o }(), .pagesNeedVertical(maxHeight: 500)),
        ("a pyramid tile overlapping more than itself", {
            var o = SheetOptions(); o.encoding.format = .dzi; o.encoding.deepZoom.tileSize = 8; o.encoding.deepZoom.overlap = 9
            return o
        }(), .overlapPastTileSize(overlap: 9, tileSize: 8)),
    ]

    @Test("validated() throws the rule", arguments: broken.indices)
    func validated(index: Int) {
        let (name, options, rule) = Self.broken[index]
        #expect(throws: PinboardError.conflictingSettings(rule), "\(name)") { try options.validated() }
    }

    @Test("The planner throws the rule before it looks at any input", arguments: broken.indices)
    func planner(index: Int) {
        let (name, options, rule) = Self.broken[index]
        #expect(throws: PinboardError.conflictingSettings(rule), "\(name)") {
            try SheetPlanner.plan(paths: ["no/such/file.png"], options: options)
        }
    }

    @Test("Each rule's options made valid again pass", arguments: broken.indices)
    func satisfied(index: Int) throws {
        var options = Self.broken[index].options
        switch Self.broken[index].rule {
        case .seedWithoutShuffle: options.sort = .random
        case .modeNeedsVertical, .evenBottomNeedsVertical, .pagesNeedVertical: options.direction = .vertical
        case .focusWithoutCrop: options.cropFocus = .centre
        case .evenBottomNeedsMasonry: options.layout = LayoutMode(.masonry)
        case .overlapPastTileSize: options.encoding.deepZoom.overlap = 8
        case .belongsToMode: Issue.record("not a rule of SheetOptions")
        }
        #expect(throws: Never.self) { try options.validated() }
    }

    @Test("A cover grid has a crop focus", arguments: [CropFocus.centre, .attention])
    func coverGridFocus(focus: CropFocus) {
        var options = SheetOptions()
        options.layout = .grid(GridSettings(fit: .cover))
        options.cropFocus = focus
        #expect(throws: Never.self) { try options.validated() }
    }

    @Test("A setting of one mode given with another is refused, naming the mode it belongs to", arguments: [
        (LayoutMode.Name.masonry, SheetSetting.widows, LayoutMode.Name.justified),
        (.masonry, .cellWidth, .grid), (.masonry, .fit, .grid), (.justified, .fit, .grid), (.grid, .maxRows, .justified),
        (.grid, .rowTolerance, .justified), (.justified, .placement, .masonry), (.grid, .spanAll, .masonry),
    ])
    func belongsToMode(chosen: LayoutMode.Name, setting: SheetSetting, owner: LayoutMode.Name) {
        var choice = LayoutChoice(name: chosen)
        switch setting {
        case .widows: choice.widows = .center
        case .cellWidth: choice.cellWidth = 40
        case .fit: choice.fit = .fill
        case .maxRows: choice.maxRows = 2
        case .rowTolerance: choice.rowTolerance = 0.5
        case .placement: choice.placement = .roundRobin
        case .spanAll: choice.spanAll = true
        default: Issue.record("no case for \(setting)")
        }
        #expect(setting.modes == [owner])
        #expect(throws: PinboardError.conflictingSettings(.belongsToMode(setting, mode: owner))) { try choice.mode() }
        choice.name = owner
        #expect(throws: Never.self) { try choice.mode() }
    }

    @Test("The mode keeps the settings given for it and defaults the rest")
    func modeKeepsItsSettings() throws {
        var choice = LayoutChoice(name: .justified)
        choice.rowHeight = 200
        choice.widows = .justify
        #expect(try choice.mode() == .justified(JustifiedSettings(rowHeight: 200, widows: .justify)))
        choice = LayoutChoice(name: .grid)
        choice.cellWidth = 37
        #expect(try choice.mode() == .grid(GridSettings(cellWidth: 37)))
    }

    @Test("A row tolerance outside 0…1 is the layout's refusal, from the library")
    func rowTolerance() {
        var options = SheetOptions()
        options.layout = .justified(JustifiedSettings(tolerance: 1.5))
        #expect(throws: PinboardError.layout(.rowToleranceOutOfRange(1.5))) { try options.validated() }
    }

    @Test("Both spellings of the centre name it", arguments: ["centre", "center"])
    func spellings(word: String) {
        #expect(CropFocus(spelling: word) == .centre)
        #expect(WidowStyle(spelling: word) == .center)
        #expect(CropFocus(spelling: "middle") == nil && WidowStyle(spelling: "middle") == nil)
    }

    @Test("The rule's words: subject, requirements and reason")
    func words() {
        #expect(SheetRule.focusWithoutCrop(.attention).description
            == "crop-focus attention requires even-bottom or fit cover: only a cropped tile has a focus")
        #expect(PinboardError.conflictingSettings(.seedWithoutShuffle(seed: 3)).description
            == "seed requires sort random: only a shuffle has a seed")
    }
}
