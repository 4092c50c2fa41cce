import Geometry


/// A masonry ("waterfall") sheet: every source scaled to its lane's breadth and stacked in a lane.
///
/// The layout is computed once, when it is made, and kept: the tiles in input order, and
/// each lane's tiles in the order they are stacked, which is what lets `tiles(meeting:)`
/// answer a band of the sheet without looking at every tile.
///
/// ```swift
/// let config = try LayoutConfiguration(breadth: 100, lanes: 3, padding: 2, margin: 5)
/// let layout = try MasonryLayout(configuration: config, sources: [Size(width: 4, height: 3)])
/// // layout.tiles[0].rect == Rect(x: 7, y: 7, width: 26, height: 20)
/// ```
public struct MasonryLayout: SheetLayout, Hashable {
    /// The shared sizes and masonry's own settings the layout was made with.
    public let arrangement: MasonryArrangement
    /// The sizes every mode shares.
    public var configuration: LayoutConfiguration { arrangement.configuration }
    public var mode: LayoutMode { arrangement.mode }
    /// The tiles, the sheet's size and the bands.
    public let placed: PlacedSheet
    /// The tiles in each lane, spanning ones included, in the first `min(lanes, 2 · sources)`
    /// lanes; no later lane holds a tile.
    private let laneStacks: Stacks
    /// Group `g` holds the tiles spanning lanes `g` and `g + 1`, which also cover the gutter
    /// between them.
    private let gutterStacks: Stacks
    /// One group: the tiles spanning every lane.
    private let acrossStack: Stacks

    /// Places every source on the sheet.
    ///
    /// Each source is scaled to the breadth of the lane it goes to (or of the lanes it spans),
    /// keeping its aspect ratio rounded half up to whole pixels, and never shorter than 1 px.
    /// With no sources the sheet is the configured breadth by twice the margin (which may be 0).
    ///
    /// Before the first source of each section every lane is levelled to the longest one, a
    /// header band of `sectionHeaderHeight` is kept across the sheet, and the lanes go on below
    /// it; round-robin placement starts again from lane 0.
    ///
    /// ```swift
    /// // Two sections, sources 0–4 and 5–8, each under its own header.
    /// let layout = try MasonryLayout(configuration: config, sources: sizes, sectionStarts: [0, 5])
    /// ```
    ///
    /// - Parameters:
    ///   - arrangement: The lanes, padding, margin and board features, and the placement and spans.
    ///   - sources: Each source's size in pixels.
    ///   - sectionStarts: Each section's first source: empty for no sections, else increasing
    ///     from 0, every one a valid source index (so no section is empty).
    /// - Throws: `LayoutError.invalidSource` for a source with no width or height,
    ///   `LayoutError.sheetTooLong` when the sheet's length would not fit in an `Int`, and
    ///   `firstSectionNotAtZero`, `sectionStartsNotIncreasing` or `sectionStartOutOfRange` for
    ///   section starts that do not divide the sources into non-empty runs.
    public init(arrangement: MasonryArrangement, sources: [Size], sectionStarts: [Int] = []) throws(LayoutError) {
        try Self.check(sectionStarts: sectionStarts, sourceCount: sources.count)
        let configuration = arrangement.configuration
        let settings = arrangement.settings
        let direction = configuration.direction
        let padding = configuration.padding
        let margin = configuration.margin
        let lanes = configuration.lanes
        // Spans need two lanes; with one, a spanning source is simply placed in it.
        let spanWide = lanes > 1 ? settings.spanWide : nil
        let balanced = settings.placement == .balanced
            ? try BalancedLanes.lanes(of: sources, sectionStarts: sectionStarts, configuration: configuration)
            : []
        let trackedLanes = settings.placement == .balanced
            ? min(lanes, (balanced.max() ?? -1) + 1)
            : min(lanes, spanWide == nil ? sources.count : 2 * sources.count)
        let tileBreadths = (0..<trackedLanes).map { configuration.tileBreadth(inLane: $0) }
        // Every lane end stays below this, so adding the closing margin cannot overflow.
        let longestEnd = Int.max - margin
        let labelHeight = configuration.labelHeight

        var ends = LaneEnds(
            placement: settings.placement, tolerance: settings.tolerance,
            lanes: lanes, tracked: trackedLanes, start: margin + configuration.titleHeight, assigned: balanced)
        var tiles: [Tile] = []
        tiles.reserveCapacity(sources.count)
        var laneMembers: [(group: Int, tile: Int)] = []
        var gutterMembers: [(group: Int, tile: Int)] = []
        var acrossMembers: [(group: Int, tile: Int)] = []
        let headerHeight = configuration.sectionHeaderHeight
        var headers: [Rect] = []
        headers.reserveCapacity(sectionStarts.count)

        for (index, source) in sources.enumerated() {
            guard source.width >= 1, source.height >= 1 else {
                throw .invalidSource(index: index, size: source)
            }
            if headers.count < sectionStarts.count, sectionStarts[headers.count] == index {
                let top = ends.longest
                guard headerHeight <= longestEnd - top else {
                    throw .sheetTooLong(index: index, size: source, direction: direction)
                }
                headers.append(direction.rect(
                    across: margin, along: top, breadth: configuration.breadth - 2 * margin, length: headerHeight))
                ends.startSection(at: top + headerHeight)
            }
            let spans = spanWide?.isReached(across: direction.breadth(of: source), along: direction.length(of: source)) ?? false
            let lane: Int
            let laneCount: Int
            let start: Int
            if !spans {
                (lane, laneCount) = (ends.nextLane(), 1)
                start = ends.end(of: lane)
            } else if settings.spanAll {
                (lane, laneCount) = (0, lanes)
                start = ends.longest
            } else {
                (lane, laneCount) = (ends.nextPair(), 2)
                start = max(ends.end(of: lane), ends.end(of: lane + 1))
            }
            let breadth = laneCount == 1
                ? tileBreadths[lane]
                : configuration.laneStart(lane + laneCount) - configuration.laneStart(lane) - 2 * padding
            // `start ≤ longestEnd` always holds, so the subtraction cannot overflow.
            guard let length = Self.scaledLength(of: source, toBreadth: breadth, direction: direction),
                length <= longestEnd - start - 2 * padding - labelHeight
            else {
                throw .sheetTooLong(index: index, size: source, direction: direction)
            }
            let rect = direction.rect(
                across: configuration.laneStart(lane) + padding, along: start + padding,
                breadth: breadth, length: length)
            tiles.append(Tile(
                index: index, rect: rect, lane: lane, laneCount: laneCount, labelRect: configuration.labelRect(under: rect)))
            let end = start + length + labelHeight + 2 * padding
            switch laneCount {
            case 1:
                ends.place(in: lane, to: end)
                laneMembers.append((lane, index))
            case 2:
                ends.place(inPairFrom: lane, to: end)
                laneMembers.append((lane, index))
                laneMembers.append((lane + 1, index))
                gutterMembers.append((lane, index))
            default:
                ends.placeAcross(to: end)
                acrossMembers.append((0, index))
            }
        }

        self.arrangement = arrangement
        self.placed = PlacedSheet(
            configuration: configuration, sources: sources, tiles: tiles,
            sheet: direction.size(breadth: configuration.breadth, length: ends.longest + margin),
            sectionStarts: sectionStarts, sectionHeaders: headers)
        self.laneStacks = Stacks(groups: trackedLanes, members: laneMembers)
        self.gutterStacks = Stacks(groups: max(0, trackedLanes - 1), members: gutterMembers)
        self.acrossStack = Stacks(groups: 1, members: acrossMembers)
    }

    /// Masonry with its default settings (shortest placement, no tolerance, no spans) over
    /// `configuration`.
    public init(configuration: LayoutConfiguration, sources: [Size], sectionStarts: [Int] = []) throws(LayoutError) {
        try self.init(arrangement: MasonryArrangement(configuration: configuration), sources: sources, sectionStarts: sectionStarts)
    }

    /// The tiles whose image or caption shares at least one pixel with `rect`, in input order.
    ///
    /// Rects are half-open (see `Rect`), so a tile that only touches `rect` is not included and
    /// an empty `rect` meets nothing. `rect` may lie partly or wholly outside the sheet.
    ///
    /// The lanes met are found by a binary search across the sheet, then each one's tiles by a
    /// binary search along it; a tile spanning two lanes is also found from the gutter between
    /// them, and one spanning every lane from a stack of its own. The answer costs
    /// O(log lanes + r · log n + k · log k) for `k` tiles found in `r` lanes, not a scan of
    /// every tile. This is the question a compositor asks for each band of output rows.
    public func tiles(meeting rect: Rect) -> [Tile] {
        guard !rect.isEmpty else { return [] }
        let tiles = placed.tiles
        let direction = configuration.direction
        let padding = configuration.padding
        let across = direction.across(rect)
        let along = direction.along(rect)
        // A tile's cell along the sheet: its image, and its caption line under it.
        let extent = { (tile: Int) in
            (start: direction.along(tiles[tile].rect).start, end: direction.along(tiles[tile].rect).end + configuration.labelHeight)
        }

        var found: [Int] = []
        let firstLane = (0..<laneStacks.groups).partitionPoint { configuration.laneStart($0 + 1) - padding > across.start }
        var lane = firstLane
        while lane < laneStacks.groups, configuration.laneStart(lane) + padding < across.end {
            // A tile spanning from an earlier lane that was also searched is already found.
            found.append(contentsOf: laneStacks.tiles(in: lane, meeting: along, extent: extent).lazy.filter {
                tiles[$0].lane == lane || tiles[$0].lane < firstLane
            })
            lane += 1
        }
        // A rect inside the gutter before `firstLane` meets no lane, only the tiles spanning it.
        if lane == firstLane, firstLane > 0, firstLane - 1 < gutterStacks.groups {
            found.append(contentsOf: gutterStacks.tiles(in: firstLane - 1, meeting: along, extent: extent))
        }
        let breadth = configuration.breadth
        if configuration.margin + padding < across.end, across.start < breadth - configuration.margin - padding {
            found.append(contentsOf: acrossStack.tiles(in: 0, meeting: along, extent: extent))
        }
        // The runs come lane by lane; sorting the few indices found puts them in input order.
        found.sort()
        return found.map { tiles[$0] }
    }

    /// The sections whose header band shares at least one pixel with `rect`: positions in
    /// `sectionHeaders` (and `sectionStarts`), in order.
    ///
    /// The bands follow one another down the sheet without overlapping, so two binary searches
    /// find them, O(log sections). With a header height of 0 no band covers a pixel and the
    /// answer is empty. A renderer asks this for each band of output rows, as it asks
    /// `tiles(meeting:)`, and draws each section's name in the header that comes back.
    public func sectionHeaders(meeting rect: Rect) -> Range<Int> {
        let direction = configuration.direction
        let across = direction.across(rect)
        let along = direction.along(rect)
        let margin = configuration.margin
        guard configuration.sectionHeaderHeight > 0, !rect.isEmpty,
            margin < across.end, across.start < configuration.breadth - margin
        else { return 0..<0 }
        let all = 0..<sectionHeaders.count
        let first = all.partitionPoint { direction.along(sectionHeaders[$0]).end > along.start }
        let last = (first..<all.upperBound).partitionPoint { direction.along(sectionHeaders[$0]).start >= along.end }
        return first..<last
    }

    /// Checks that the section starts divide `sourceCount` sources into non-empty runs.
    static func check(sectionStarts: [Int], sourceCount: Int) throws(LayoutError) {
        for (section, start) in sectionStarts.enumerated() {
            if section == 0 {
                guard start == 0 else { throw .firstSectionNotAtZero(start: start) }
            } else {
                let previous = sectionStarts[section - 1]
                guard start > previous else {
                    throw .sectionStartsNotIncreasing(section: section, start: start, previous: previous)
                }
            }
            guard start < sourceCount else {
                throw .sectionStartOutOfRange(section: section, start: start, sources: sourceCount)
            }
        }
    }

    /// A source's length once scaled to `breadth` across the lanes: the aspect ratio kept,
    /// rounded half up, at least 1; nil if it would not fit in an `Int`.
    ///
    /// It computes `⌊(2 · length · breadth + sourceBreadth) / (2 · sourceBreadth)⌋` through the
    /// quotient and remainder of `length · breadth`, so only that product has to fit.
    static func scaledLength(of source: Size, toBreadth breadth: Int, direction: Direction) -> Int? {
        let sourceBreadth = direction.breadth(of: source)
        let (product, overflow) = direction.length(of: source).multipliedReportingOverflow(by: breadth)
        guard !overflow else { return nil }
        let (quotient, remainder) = product.quotientAndRemainder(dividingBy: sourceBreadth)
        // `2 · remainder ≥ sourceBreadth`, written so it cannot overflow.
        let roundsUp = remainder >= sourceBreadth - remainder
        return max(1, roundsUp ? quotient + 1 : quotient)
    }
}
