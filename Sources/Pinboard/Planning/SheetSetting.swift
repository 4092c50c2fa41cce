/// One of `SheetOptions`' numbers that only some values make sense for, with the values it
/// allows: the one declaration `SheetOptions.validated()` checks and the command line's
/// bounds read, so the API and `pinboard` cannot disagree on what is in range.
///
/// Padding, margin, tolerance and the sizes are the layout's own settings, checked by
/// `LayoutConfiguration` against `LayoutSetting`'s rules, and are not repeated here.
public enum SheetSetting: String, CaseIterable, Sendable {
    /// `compression`: a deflate level.
    case compression
    /// `encoding.quality`: the quality of a lossy format.
    case quality
    /// `jobs`: how many sources are worked on at once.
    case jobs
    /// `labelSize`: the caption's pixel size.
    case labelSize
    /// `maxCropPercent`: the most of a tile's height `evenBottom` may crop.
    case maxCropPercent
    /// `cornerRadius`: the tiles' rounded corners.
    case cornerRadius

    /// The values the setting allows; an open top is `Int.max`.
    public var allowed: ClosedRange<Int> {
        switch self {
        case .compression: 0...9
        case .quality: 1...100
        case .jobs: 1...Int.max
        case .labelSize: 6...200
        case .maxCropPercent: 0...50
        case .cornerRadius: 0...Int.max
        }
    }

    /// The setting's value in `options`.
    func value(in options: SheetOptions) -> Int {
        switch self {
        case .compression: options.compression
        case .quality: options.encoding.quality
        case .jobs: options.jobs
        case .labelSize: options.labelSize
        case .maxCropPercent: options.maxCropPercent
        case .cornerRadius: options.cornerRadius
        }
    }
}
