import Geometry

/// The sizes every layout mode shares, checked so that every lane leaves room for an image;
/// each mode's own settings are in its case of `LayoutMode`.
///
/// The sheet's *breadth* is its extent across the lanes (the width of a vertical sheet,
/// the height of a horizontal one); its *length*, along the lanes, follows from the sources.
/// Lane `i` spans `laneStart(i) ..< laneStart(i + 1)` across the sheet, where
/// `laneStart(i) = margin + ⌊i · (breadth − 2·margin) / lanes⌋`, so the lanes share the
/// breadth left inside the margins and differ by at most one pixel.
public struct LayoutConfiguration: Hashable, Sendable {
    /// The sheet's breadth when neither it nor a lane breadth is given.
    public static let defaultBreadth = 1200
    /// The number of lanes when neither it nor a lane breadth is given.
    public static let defaultLanes = 3
    /// The padding when none is given.
    public static let defaultPadding = 6
    /// The margin when none is given.
    public static let defaultMargin = 0
    /// The largest value any setting may take: PNG's own limit on a side, and small enough
    /// that the products inside the layout fit in a 64-bit `Int`.
    public static let largestSetting = Int(Int32.max)

    /// Whether the lanes are columns (vertical) or rows (horizontal).
    public let direction: Direction
    /// The sheet's extent across the lanes, margins included.
    public let breadth: Int
    /// The number of lanes.
    public let lanes: Int
    /// The space on every side of each tile inside its lane, so neighbouring tiles are
    /// `2 · padding` apart.
    public let padding: Int
    /// The space on all four sides of the sheet.
    public let margin: Int
    /// The rows reserved at the top, inside the margin, for the sheet's title; vertical only.
    public let titleHeight: Int
    /// The rows every cell gains under its image for a caption; vertical only.
    public let labelHeight: Int
    /// The rows of the band above each section, for its name; vertical only. Used only when the
    /// layout is given sections.
    public let sectionHeaderHeight: Int

    /// Makes a configuration, resolving the sizes a user may leave out the way the command
    /// line does.
    ///
    /// - A lane breadth with a lane count makes the breadth `2 · margin + lanes · laneBreadth`.
    /// - A lane breadth alone, or with a breadth, makes the lane count
    ///   `max(1, ⌊(breadth − 2 · margin) / laneBreadth⌋)`, with the default breadth if none is given;
    ///   the lanes then share the breadth, so each is at least `laneBreadth` wide, unless not
    ///   even one lane of that breadth fits and the single lane is narrower.
    /// - Otherwise the breadth and the lane count take their defaults where not given.
    ///
    /// ```swift
    /// let config = try LayoutConfiguration(lanes: 4, laneBreadth: 250, margin: 10)
    /// // config.breadth == 1020
    /// ```
    ///
    /// - Throws: `LayoutError.conflictingSizeSettings` when the breadth, the lane count and the
    ///   lane breadth are all given;
    ///   `LayoutError.settingOutOfRange` for a breadth, lane count or lane breadth below 1, a
    ///   negative padding or margin, or any of them above `largestSetting`;
    ///   `LayoutError.tooNarrow` when the narrowest lane leaves less than one pixel for an image;
    ///   `LayoutError.verticalOnly` for a title, label or section header height in a horizontal sheet.
    public init(
        direction: Direction = .vertical,
        breadth: Int? = nil,
        lanes: Int? = nil,
        laneBreadth: Int? = nil,
        padding: Int = defaultPadding,
        margin: Int = defaultMargin,
        titleHeight: Int = 0,
        labelHeight: Int = 0,
        sectionHeaderHeight: Int = 0
    ) throws(LayoutError) {
        let (breadth, lanes) = try Self.sizes(
            direction: direction, breadth: breadth, lanes: lanes, laneBreadth: laneBreadth, margin: margin)
        try Self.check(.breadth, breadth, atLeast: 1, direction: direction)
        try Self.check(.lanes, lanes, atLeast: 1, direction: direction)
        try Self.check(.padding, padding, atLeast: 0, direction: direction)
        try Self.check(.margin, margin, atLeast: 0, direction: direction)
        try Self.check(.titleHeight, titleHeight, atLeast: 0, direction: direction)
        try Self.check(.labelHeight, labelHeight, atLeast: 0, direction: direction)
        try Self.check(.sectionHeaderHeight, sectionHeaderHeight, atLeast: 0, direction: direction)
        if direction == .horizontal {
            guard titleHeight == 0 else { throw .verticalOnly(.titleHeight, value: titleHeight) }
            guard labelHeight == 0 else { throw .verticalOnly(.labelHeight, value: labelHeight) }
            guard sectionHeaderHeight == 0 else { throw .verticalOnly(.sectionHeaderHeight, value: sectionHeaderHeight) }
        }
        // Lane 0 is the narrowest: its span is the floor of the even share.
        let content = breadth - 2 * margin
        let narrowestLane = content >= 0 ? content / lanes : (content - lanes + 1) / lanes
        let tileBreadth = narrowestLane - 2 * padding
        guard tileBreadth >= 1 else {
            throw .tooNarrow(
                breadth: breadth, lanes: lanes, padding: padding, margin: margin,
                tileBreadth: tileBreadth, direction: direction)
        }
        self.direction = direction
        self.breadth = breadth
        self.lanes = lanes
        self.padding = padding
        self.margin = margin
        self.titleHeight = titleHeight
        self.labelHeight = labelHeight
        self.sectionHeaderHeight = sectionHeaderHeight
    }

    /// The breadth and lane count the sizes given resolve to (see `init`).
    private static func sizes(
        direction: Direction, breadth: Int?, lanes: Int?, laneBreadth: Int?, margin: Int
    ) throws(LayoutError) -> (breadth: Int, lanes: Int) {
        guard let laneBreadth else { return (breadth ?? defaultBreadth, lanes ?? defaultLanes) }
        if let breadth, let lanes {
            throw .conflictingSizeSettings(breadth: breadth, lanes: lanes, laneBreadth: laneBreadth, direction: direction)
        }
        // Checked here because the arithmetic below needs them in range.
        try check(.laneBreadth, laneBreadth, atLeast: 1, direction: direction)
        try check(.margin, margin, atLeast: 0, direction: direction)
        if let lanes {
            try check(.lanes, lanes, atLeast: 1, direction: direction)
            return (2 * margin + lanes * laneBreadth, lanes)
        }
        let breadth = breadth ?? defaultBreadth
        try check(.breadth, breadth, atLeast: 1, direction: direction)
        // A negative remainder truncates to 0 or less, which the floor of 1 covers.
        return (breadth, max(1, (breadth - 2 * margin) / laneBreadth))
    }

    /// Where lane `lane` begins across the sheet; `laneStart(lanes)` is where the last one ends.
    ///
    /// `lane` must be in `0 ... lanes`, which keeps the product below `2^62`.
    func laneStart(_ lane: Int) -> Int {
        margin + lane * (breadth - 2 * margin) / lanes
    }

    /// The caption line under `box` (a tile's image, or a grid's cell), as wide as it;
    /// nil without captions.
    func labelRect(under box: Rect) -> Rect? {
        labelHeight == 0 ? nil : Rect(x: box.x, y: box.maxY, width: box.width, height: labelHeight)
    }

    /// The breadth of every tile in lane `lane`: the lane's span less the padding on both sides.
    func tileBreadth(inLane lane: Int) -> Int {
        laneStart(lane + 1) - laneStart(lane) - 2 * padding
    }

    /// Throws `LayoutError.settingOutOfRange` unless `value` is from `minimum` to
    /// `largestSetting`: the one check of every size setting, the arrangements' own too.
    static func check(
        _ setting: LayoutSetting, _ value: Int, atLeast minimum: Int, direction: Direction
    ) throws(LayoutError) {
        let allowed = minimum...largestSetting
        guard allowed.contains(value) else {
            throw .settingOutOfRange(setting, value: value, allowed: allowed, direction: direction)
        }
    }
}
