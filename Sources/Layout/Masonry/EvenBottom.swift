import Geometry


/// Levels the lanes of a vertical board by cropping tiles, so every lane ends on the same row.
///
/// The rule (docs/geometry.md, "A flush bottom"): lanes that hold tiles end at `Eᵢ` (the
/// row after their last tile's padding). Every tile may lose at most
/// `⌊h · maxCropPercent / 100⌋` rows (and keeps at least one), so lane `i` can shorten by `Sᵢ`, the sum of its
/// tiles' allowances. The target is the shortest lane's end `T = min Eᵢ`; lane `i` loses
/// `Dᵢ = min(Eᵢ − T, Sᵢ)` rows, shared among its tiles in proportion to their allowances
/// (`⌊Dᵢ · aₜ / Sᵢ⌋`, the rows left over going one each to the largest remainders, the
/// earlier tile on ties). Tiles keep their order and the 2p gaps: each moves up by what
/// the tiles above it lost. Where some lane cannot reach `T`, the lanes are levelled as
/// far as the limit allows and `spread` says how far apart their ends remain.
public struct EvenBottom: Hashable, Sendable {
    /// Rows cropped from each tile, in input order; the renderer takes ⌊c/2⌋ from the top
    /// of the scaled source and the rest from its bottom (centred, like object-fit: cover).
    public let crops: [Int]
    /// The tiles with their new rects.
    public let tiles: [Tile]
    /// The sheet's new size.
    public let sheet: Size
    /// The rows between the longest and the shortest lane after levelling; 0 when flush.
    public let spread: Int
    /// The most rows any tile moved up: what a rect query over the unlevelled layout must
    /// reach below a rect to find every levelled tile in it.
    public let largestLift: Int
    /// The allowance used, in percent of a tile's height (the request clamped to 0…100).
    public let maxCropPercent: Int

    /// - Throws: `LayoutError.evenBottomNeedsVerticalLanes` for horizontal boards,
    ///   `.evenBottomNeedsMasonry` for a layout of another mode.
    public init(_ layout: some SheetLayout, maxCropPercent: Int) throws(LayoutError) {
        guard layout.mode.name == .masonry else { throw .evenBottomNeedsMasonry }
        let configuration = layout.configuration
        guard configuration.direction == .vertical else { throw .evenBottomNeedsVerticalLanes }
        // A tile across lanes would tie their losses together; that rule is not written yet.
        guard !layout.tiles.contains(where: { $0.laneCount > 1 }) else { throw .evenBottomWithSpanningTiles }
        let percent = min(max(maxCropPercent, 0), 100)
        let padding = configuration.padding
        var lanes = Array(repeating: [Int](), count: configuration.lanes)
        // Only the last section is cropped: moving an earlier section's tiles up would take
        // them away from the header under them.
        let lastSection = layout.sectionStarts.last ?? 0
        for tile in layout.tiles[lastSection...] { lanes[tile.lane].append(tile.index) }
        // A caption line sits under its tile, inside the cell: the cell ends below it.
        let ends = lanes.map { lane in lane.last.map { (layout.tiles[$0].labelRect ?? layout.tiles[$0].rect).maxY + padding } }
        let target = ends.compactMap { $0 }.min() ?? configuration.margin

        var crops = Array(repeating: 0, count: layout.tiles.count)
        var newEnds: [Int] = []
        var largestLift = 0
        for (lane, end) in zip(lanes, ends) {
            guard let end else { continue }
            // A tile keeps at least one row, whatever the percentage.
            let allowances = lane.map { min(layout.tiles[$0].rect.height * percent / 100, layout.tiles[$0].rect.height - 1) }
            let budget = allowances.reduce(0, +)
            let loss = min(end - target, budget)
            newEnds.append(end - loss)
            largestLift = max(largestLift, loss)
            guard loss > 0 else { continue }
            var shares = allowances.map { loss * $0 / budget }
            let remainders = allowances.enumerated().map { (position: $0.offset, remainder: loss * $0.element % budget) }
            let leftover = loss - shares.reduce(0, +)
            for entry in remainders.sorted(by: { ($1.remainder, $0.position) < ($0.remainder, $1.position) }).prefix(leftover) {
                shares[entry.position] += 1
            }
            for (index, share) in zip(lane, shares) { crops[index] = share }
        }

        var tiles = layout.tiles
        for lane in lanes {
            var lifted = 0
            for index in lane {
                tiles[index].rect.y -= lifted
                tiles[index].rect.height -= crops[index]
                let imageEnd = tiles[index].rect.maxY
                tiles[index].labelRect?.y = imageEnd
                lifted += crops[index]
            }
        }
        self.crops = crops
        self.maxCropPercent = percent
        self.tiles = tiles
        self.largestLift = largestLift
        let longest = newEnds.max() ?? configuration.margin
        sheet = Size(width: layout.sheet.width, height: longest + configuration.margin)
        spread = longest - (newEnds.min() ?? longest)
    }
}
