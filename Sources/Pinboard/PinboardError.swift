import Geometry
import Layout
import PNGCodec
import PinboardIO
import SheetManifest
import SheetOutput

/// Why a sheet could not be made; each case names what was at fault.
public enum PinboardError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Every input was skipped or none was given; the skipped ones say why.
    case noImages(skipped: [Manifest.SkippedSource])
    /// `strict` was set and these sources could not be used.
    case sourcesSkipped([Manifest.SkippedSource])
    /// A setting of `SheetOptions` is outside the values it allows.
    case settingOutOfRange(SheetSetting, value: Int, allowed: ClosedRange<Int>)
    /// Two settings that cannot go together, or one given without another it needs.
    case conflictingSettings(SheetRule)
    /// The settings make no layout (too narrow, conflicting sizes).
    case layout(LayoutError)
    /// The output path is also one of the inputs: writing would destroy a source.
    case outputIsInput(path: String)
    /// The sheet is wider or taller than its format holds (`SheetFormat.maxSide`); refused
    /// after planning, before any source is decoded.
    case sheetTooLarge(format: SheetFormat, width: Int, height: Int, limit: Int)
    /// The sheet would have more pixels than `SheetOptions.maxSheetPixels`; refused after
    /// planning, before any source is decoded.
    case tooManySheetPixels(width: Int, height: Int, limit: Int)
    /// The source at `source` would be drawn more than `limit` times its size.
    case enlargedTooFar(source: String, size: Size, tile: Size, limit: Int)
    /// Drawing the sheet would hold more memory than `SheetOptions.maxMemory`.
    case tooMuchMemory(RenderBudget, limit: Int, sheet: Size)
    /// The sheet or the manifest could not be written.
    case cannotWrite(WriteError)
    /// The captions' or title's font could not be found or read.
    case font(FontProblem)
    /// A source failed while the sheet was rendered and `strict` was set.
    case decode(Manifest.SkippedSource)
    /// Every placed source probed fine and then failed while decoding: a sheet of
    /// placeholders shows nothing, so none is written (the sink is never finished).
    case noTileDrawn(failures: [Manifest.SkippedSource])
    /// A sheet inspected for its manifest could not be read: missing, not a PNG, damaged.
    case unreadableSheet(path: String, reason: SheetReadProblem)
    /// A sheet's embedded manifest is there but is not a manifest pinboard can read.
    case badManifest(path: String, reason: ManifestProblem)
    /// A sheet inspected for its manifest has none.
    case noManifest(path: String)

    public var description: String {
        switch self {
        case .noImages(let skipped) where skipped.isEmpty:
            "no images to place: the inputs hold no \(ReadableFormats.listing) files"
        case .noImages(let skipped):
            "no images to place: " + Self.listing(skipped)
        case .sourcesSkipped(let skipped):
            "\(skipped.count) input\(skipped.count == 1 ? "" : "s") could not be used (strict): " + Self.listing(skipped)
        case .settingOutOfRange(let setting, let value, let allowed):
            "\(setting.rawValue) is \(value); it must be "
                + (allowed.upperBound == .max ? "at least \(allowed.lowerBound)" : "from \(allowed.lowerBound) to \(allowed.upperBound)")
        case .conflictingSettings(let rule):
            rule.description
        case .layout(let error):
            error.description
        case .outputIsInput(let path):
            "\(path): the output is also an input; choose another output path"
        case .sheetTooLarge(let format, let width, let height, let limit):
            "the sheet is \(width)×\(height) px; \(format) holds at most \(limit) px a side: "
                + (height > limit ? "split it with --max-height \(limit)" : "make it narrower with --width \(limit)")
        case .tooManySheetPixels(let width, let height, let limit):
            "the sheet would be \(width)×\(height) px, \(Self.count(Double(width) * Double(height))) pixels; pinboard "
                + "draws at most \(Self.count(Double(limit))) (--max-sheet-pixels): make it narrower with --width, or "
                + "raise the limit if you mean it"
        case .enlargedTooFar(let source, let size, let tile, let limit):
            "\(source) is \(size.width)×\(size.height) px and its tile \(tile.width)×\(tile.height) px, "
                + "\(Self.times(max(Double(tile.width) / Double(size.width), Double(tile.height) / Double(size.height)))) its size; "
                + "pinboard enlarges at most \(limit)× (--max-enlarge): check --width and the column settings, or raise the limit"
        case .tooMuchMemory(let budget, let limit, let sheet):
            "drawing this sheet would take about \(Self.bytes(Double(budget.bytes))) of memory; pinboard allows "
                + "\(Self.bytes(Double(limit))) (--max-memory): " + Self.largest(budget, sheet: sheet)
        case .cannotWrite(let error):
            error.description
        case .decode(let error):
            error.description
        case .noTileDrawn(let failures):
            "no sheet written: \(failures.count == 1 ? "the one image" : "every one of the \(failures.count) images") failed while decoding: "
                + Self.listing(failures)
        case .font(let problem):
            problem.description
        case .unreadableSheet(let path, let reason):
            "\(path): cannot read the sheet: \(reason)"
        case .badManifest(let path, let reason):
            "\(path): the embedded manifest is damaged: \(reason)"
        case .noManifest(let path):
            "\(path): no pinboard manifest in this sheet (made by another tool, or by pinboard before 0.2.0)"
        }
    }

    /// What made a memory estimate large, and what to change.
    private static func largest(_ budget: RenderBudget, sheet: Size) -> String {
        let tile = budget.largestTile
        if budget.tileBytes >= budget.sheetBytes {
            return "its largest tile is \(tile.width)×\(tile.height) px (\(bytes(8 * Double(tile.width) * Double(tile.height))) while it is "
                + "drawn); make the tiles smaller with --width or more --columns, or raise --max-memory"
        }
        return "the sheet is \(sheet.width) px wide (\(bytes(Double(budget.sheetBytes))) for its bands and encoder); make it "
            + "narrower with --width, or raise --max-memory"
    }

    /// `3.0 GiB`, `512.0 MiB`: a byte count a person reads at a glance.
    static func bytes(_ count: Double) -> String {
        let units = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB"]
        guard count >= 1024 else { return "\(Int(count)) bytes" }
        var value = count / 1024
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }

    /// `2.5 billion`, `340 million`: a count of pixels.
    private static func count(_ value: Double) -> String {
        if value >= 1e15 { return "more than a thousand trillion" }
        if value >= 1e12 { return "\(Int((value / 1e12).rounded())) trillion" }
        if value >= 1e9 { return "\(Int((value / 1e8).rounded()) / 10).\(Int((value / 1e8).rounded()) % 10) billion" }
        if value >= 1e6 { return "\(Int((value / 1e6).rounded())) million" }
        return "\(Int(value))"
    }

    /// `340×`: how many times larger.
    private static func times(_ value: Double) -> String {
        value >= 1e15 ? "over 10¹⁵×" : "\(Int(value.rounded()))×"
    }

    /// The first few skipped inputs with their reasons; a long list ends with a count.
    private static func listing(_ skipped: [Manifest.SkippedSource]) -> String {
        let shown = skipped.prefix(3).map { "\($0.source): \($0.reason)" }.joined(separator: "; ")
        return skipped.count > 3 ? shown + "; and \(skipped.count - 3) more" : shown
    }
}

extension PinboardError {
    /// Whether the error refuses a plan its settings made too large (too many pixels, a tile
    /// enlarged too far, too much memory): the settings are at fault, as with a layout
    /// that cannot be made.
    public var isRefusedPlan: Bool {
        switch self {
        case .tooManySheetPixels, .enlargedTooFar, .tooMuchMemory: true
        default: false
        }
    }
}
