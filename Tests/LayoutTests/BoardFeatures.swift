/// The board features a random case may switch on.
struct BoardFeatures: OptionSet, Sendable {
    let rawValue: Int

    static let tolerance = BoardFeatures(rawValue: 1 << 0)
    static let spans = BoardFeatures(rawValue: 1 << 1)
    static let captions = BoardFeatures(rawValue: 1 << 2)
    static let all: BoardFeatures = [.tolerance, .spans, .captions]
    /// Section starts, and a header height on vertical sheets; not in `all`, so the cases
    /// drawn for the other features stay as they were.
    static let sections = BoardFeatures(rawValue: 1 << 3)
}
