import Geometry
import Layout
import TestSupport
import Testing

/// A valid configuration and a list of sources, drawn from a seed.
struct RandomCase: CustomStringConvertible {
    let seed: UInt64
    let arrangement: MasonryArrangement
    var configuration: LayoutConfiguration { arrangement.configuration }
    let sources: [Size]
    /// Each section's first source; empty unless `.sections` was asked for.
    let sectionStarts: [Int]

    /// A case drawn from `seed`, and the board `MasonryLayout` makes of it, its sections included.
    static func draw(
        _ seed: UInt64, _ direction: Direction, _ placement: Placement, maximumSources: Int = 80, features: BoardFeatures
    ) throws -> (RandomCase, MasonryLayout) {
        let random = try RandomCase(
            seed: seed, direction: direction, placement: placement, maximumSources: maximumSources, features: features)
        return (random, try random.layout())
    }

    /// The board `MasonryLayout` makes of the case, its sections included.
    func layout() throws -> MasonryLayout {
        try MasonryLayout(arrangement: arrangement, sources: sources, sectionStarts: sectionStarts)
    }

    /// The board `ReferenceBoard` makes of the case, to hold `layout()` against.
    var reference: ReferenceBoard {
        ReferenceBoard(arrangement: arrangement, sources: sources, sectionStarts: sectionStarts)
    }

    /// Expects `layout` to put everything where the reference board does: the tiles, the
    /// section headers, the title band and the sheet's size.
    func expectMatchesReference(_ layout: MasonryLayout, sourceLocation: SourceLocation = #_sourceLocation) {
        let reference = self.reference
        #expect(layout.tiles == reference.tiles, "\(self)", sourceLocation: sourceLocation)
        #expect(layout.sectionHeaders == reference.sectionHeaders, "\(self)", sourceLocation: sourceLocation)
        #expect(layout.titleRect == reference.titleRect, "\(self)", sourceLocation: sourceLocation)
        #expect(layout.sheet == reference.sheet, "\(self)", sourceLocation: sourceLocation)
    }

    /// - Parameters:
    ///   - maximumSources: The most sources to draw; the fewest is 0.
    ///   - features: The board features to draw settings for; the rest stay off. They are
    ///     drawn from a second generator, so a seed gives the same sheet and sources either way.
    init(
        seed: UInt64, direction: Direction, placement: Placement, maximumSources: Int, features: BoardFeatures = []
    ) throws {
        var random = SplitMix64(seed: seed)
        let lanes = random.chance(1, in: 8) ? random.int(in: 13...60) : random.int(in: 1...12)
        let padding = random.chance(1, in: 4) ? 0 : random.int(in: 0...6)
        let margin = random.chance(1, in: 4) ? 0 : random.int(in: 0...12)
        // The narrowest breadth that still leaves 1 px per tile, plus some slack.
        let breadth = 2 * margin + lanes * (2 * padding + 1) + random.int(in: 0...400)
        var extra = SplitMix64(seed: seed ^ 0x0B0A_12D0)
        // A tolerance about one tile long, or far more than any tile, or none.
        let tolerances = [0, extra.int(in: 1...40), extra.int(in: 40...400), LayoutConfiguration.largestSetting]
        let tolerance = features.contains(.tolerance) ? extra.element(of: tolerances) : 0
        // A threshold from 1/3 to 4: square sources span under some, only strips under others.
        let ratio = try Ratio(numerator: extra.int(in: 1...4), denominator: extra.int(in: 1...3))
        // Balanced placement takes no spans (`balancedWithSpans`).
        let spanWide = features.contains(.spans) && extra.chance(2, in: 3) && placement != .balanced ? ratio : nil
        let spanAll = spanWide != nil && extra.chance(1, in: 3)
        // Titles and captions are for vertical sheets only.
        let captions = features.contains(.captions) && direction == .vertical
        let titleHeight = captions && extra.chance(1, in: 2) ? extra.int(in: 1...30) : 0
        let labelHeight = captions && extra.chance(1, in: 2) ? extra.int(in: 1...12) : 0
        // Sections come from a third generator, so the other features' draws do not move.
        var sectioning = SplitMix64(seed: seed ^ 0x5EC7_1045)
        let headers = features.contains(.sections) && direction == .vertical && sectioning.chance(3, in: 4)
        let sectionHeaderHeight = headers ? sectioning.int(in: 1...40) : 0
        self.seed = seed
        arrangement = try MasonryArrangement(
            direction: direction, breadth: breadth, lanes: lanes,
            padding: padding, margin: margin, placement: placement, tolerance: tolerance,
            spanWide: spanWide, spanAll: spanAll, titleHeight: titleHeight, labelHeight: labelHeight,
            sectionHeaderHeight: sectionHeaderHeight)
        let count = random.int(in: 0...maximumSources)
        sources = (0..<count).map { _ in
            // Mostly ordinary photos, some extreme strips that scale to 1 px or to very long tiles.
            if random.chance(1, in: 10) {
                return random.chance(1, in: 2)
                    ? Size(width: random.int(in: 500...5000), height: random.int(in: 1...3))
                    : Size(width: random.int(in: 1...3), height: random.int(in: 500...5000))
            }
            return Size(width: random.int(in: 1...600), height: random.int(in: 1...600))
        }
        if features.contains(.sections), count > 0 {
            // Mostly a few sections, sometimes one per source; the first always at 0.
            let chance = sectioning.chance(1, in: 10) ? 1 : sectioning.int(in: 2...20)
            sectionStarts = [0] + (1..<count).filter { _ in sectioning.chance(1, in: chance) }
        } else {
            sectionStarts = []
        }
    }

    var description: String {
        "seed \(seed): \(configuration.direction) \(arrangement.settings.placement) breadth \(configuration.breadth) "
            + "lanes \(configuration.lanes) padding \(configuration.padding) margin \(configuration.margin) "
            + "tolerance \(arrangement.settings.tolerance) spanWide \(arrangement.settings.spanWide.map(\.description) ?? "none") "
            + "spanAll \(arrangement.settings.spanAll) title \(configuration.titleHeight) label \(configuration.labelHeight), "
            + "header \(configuration.sectionHeaderHeight), \(sources.count) sources, sections at \(sectionStarts)"
    }
}
