/// Puts probed sources in the order `SheetOptions.sort` and `reverse` ask for.
///
/// Sorting waits for the probe because dates, sizes and modification times come from it;
/// it runs once all probes are back in input order, so the threads never decide an order.
enum SourceOrdering {
    static func ordered(_ sources: [PlannedSource], options: SheetOptions) -> [PlannedSource] {
        let sort = options.sort ?? (options.grouping?.isByDate == true ? .taken : nil)
        let ordered: [PlannedSource] = switch sort {
        case nil: sources
        case .name: sorted(sources, byName: true) { _ in [] }
        case .taken: sorted(sources) { [$0.taken?.instant ?? Int.max] }
        case .modified: sorted(sources) { source in source.file.map { [$0.modified.instant, $0.modifiedNanoseconds] } ?? [Int.max] }
        case .size: sorted(sources) { [$0.file?.size ?? Int.max] }
        case .random: shuffled(sources, seed: options.seed ?? 0)
        }
        return options.reverse ? ordered.reversed() : ordered
    }

    /// Sorted by `key` (numbers compared in turn; a source without the fact, a block, last),
    /// ties by the file name when `byName`, then by the path in `NaturalOrder`.
    private static func sorted(
        _ sources: [PlannedSource], byName: Bool = false, key: (PlannedSource) -> [Int]
    ) -> [PlannedSource] {
        let keyed = sources.map { (key: key($0), source: $0) }
        return keyed.sorted { lhs, rhs in
            if lhs.key != rhs.key { return lhs.key.lexicographicallyPrecedes(rhs.key) }
            if byName {
                let order = NaturalOrder.compare(Source.lastComponent(of: lhs.source.path), Source.lastComponent(of: rhs.source.path))
                if order != 0 { return order < 0 }
            }
            return NaturalOrder.areInIncreasingOrder(lhs.source.path, rhs.source.path)
        }.map(\.source)
    }

    /// The sources in `NaturalOrder` of their paths, then shuffled by Fisher–Yates driven
    /// by SplitMix64 seeded with `seed`: for i from n − 1 down to 1, swap element i with
    /// element `next() % (i + 1)`. Starting from the natural order makes the result
    /// independent of argument order and threads; the same seed gives the same board on
    /// every machine.
    static func shuffled(_ sources: [PlannedSource], seed: UInt64) -> [PlannedSource] {
        var shuffled = sources.sorted { NaturalOrder.areInIncreasingOrder($0.path, $1.path) }
        var generator = SplitMix64(seed: seed)
        for index in stride(from: shuffled.count - 1, to: 0, by: -1) {
            shuffled.swapAt(index, Int(generator.next() % UInt64(index + 1)))
        }
        return shuffled
    }
}
