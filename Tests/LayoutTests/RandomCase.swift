import Layout

/// A valid configuration and a list of sources, drawn from a seed.
struct RandomCase: CustomStringConvertible {
    let seed: UInt64
    let configuration: LayoutConfiguration
    let sources: [Size]

    /// - Parameter maximumSources: The most sources to draw; the fewest is 0.
    init(seed: UInt64, direction: Direction, placement: Placement, maximumSources: Int) throws {
        var random = SplitMix64(seed: seed)
        let lanes = random.chance(1, in: 8) ? random.int(in: 13...60) : random.int(in: 1...12)
        let padding = random.chance(1, in: 4) ? 0 : random.int(in: 0...6)
        let margin = random.chance(1, in: 4) ? 0 : random.int(in: 0...12)
        // The narrowest breadth that still leaves 1 px per tile, plus some slack.
        let breadth = 2 * margin + lanes * (2 * padding + 1) + random.int(in: 0...400)
        self.seed = seed
        configuration = try LayoutConfiguration(
            direction: direction, breadth: breadth, lanes: lanes,
            padding: padding, margin: margin, placement: placement)
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
    }

    var description: String {
        "seed \(seed): \(configuration.direction) \(configuration.placement) breadth \(configuration.breadth) "
            + "lanes \(configuration.lanes) padding \(configuration.padding) margin \(configuration.margin), "
            + "\(sources.count) sources"
    }
}
