import Layout

/// A rule between sheet settings that a combination broke, with the values at fault: one
/// value per rule, declared here once, thrown by `SheetOptions.validated()` and
/// `LayoutChoice.mode()` as `PinboardError.conflictingSettings`, and spelled by the command
/// line as a usage error from `subject`, `requirements` and `reason`.
public enum SheetRule: Hashable, Sendable, CustomStringConvertible {
    /// A setting of one layout mode was given while another mode was chosen.
    case belongsToMode(SheetSetting, mode: LayoutMode.Name)
    /// A shuffle's seed was given without the shuffle.
    case seedWithoutShuffle(seed: UInt64)
    /// Justified rows or a grid were asked for on a horizontal sheet.
    case modeNeedsVertical(LayoutMode.Name)
    /// A crop focus was given where no tile is cropped.
    case focusWithoutCrop(CropFocus)
    /// The even bottom was asked for in a mode other than masonry.
    case evenBottomNeedsMasonry(LayoutMode.Name)
    /// The even bottom was asked for on a horizontal sheet.
    case evenBottomNeedsVertical
    /// Pages were asked for on a horizontal sheet.
    case pagesNeedVertical(maxHeight: Int)
    /// A pyramid tile's overlap is larger than the tile.
    case overlapPastTileSize(overlap: Int, tileSize: Int)

    /// The setting at fault as the command line spells it, with its value where that
    /// matters: `seed`, `layout grid`, `crop-focus attention`.
    public var subject: String {
        switch self {
        case .belongsToMode(let setting, _): setting.spelling
        case .seedWithoutShuffle: "seed"
        case .modeNeedsVertical(let mode): "layout \(mode.rawValue)"
        case .focusWithoutCrop(let focus): "crop-focus \(focus.rawValue)"
        case .evenBottomNeedsMasonry, .evenBottomNeedsVertical: "even-bottom"
        case .pagesNeedVertical: "max-height"
        case .overlapPastTileSize(let overlap, _): "tile-overlap \(overlap)"
        }
    }

    /// The settings that would satisfy the rule, any one of them, spelled as `subject` is.
    public var requirements: [String] {
        switch self {
        case .belongsToMode(_, let mode): ["layout \(mode.rawValue)"]
        case .seedWithoutShuffle: ["sort random"]
        case .modeNeedsVertical, .evenBottomNeedsVertical, .pagesNeedVertical: ["direction vertical"]
        case .focusWithoutCrop: ["even-bottom", "fit cover"]
        case .evenBottomNeedsMasonry: ["layout masonry"]
        case .overlapPastTileSize(_, let tileSize): ["tile-size \(tileSize) or more"]
        }
    }

    /// Why, in a few words.
    public var reason: String {
        switch self {
        case .belongsToMode: "it is a setting of that layout only"
        case .seedWithoutShuffle: "only a shuffle has a seed"
        case .modeNeedsVertical: "its rows run across the sheet's width"
        case .focusWithoutCrop: "only a cropped tile has a focus"
        case .evenBottomNeedsMasonry: "justified rows and grid cells already end level"
        case .evenBottomNeedsVertical: "a horizontal board's rows end on the right"
        case .pagesNeedVertical: "a horizontal board grows to the right, not down"
        case .overlapPastTileSize: "a pyramid tile repeats at most its own size of its neighbours"
        }
    }

    /// `seed requires sort random: only a shuffle has a seed`.
    public var description: String {
        "\(subject) requires \(requirements.joined(separator: " or ")): \(reason)"
    }
}
