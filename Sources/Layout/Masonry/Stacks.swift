/// Tiles sorted into groups (a lane, a gutter, the whole breadth), each group's tiles in the
/// order they are stacked along the sheet.
///
/// Within a group the tiles neither overlap nor reorder along the sheet, so their starts and
/// their ends both rise: the tiles a range along the sheet meets are one run, found by two
/// binary searches.
struct Stacks: Hashable, Sendable {
    /// Tile indices, group by group.
    private let order: [Int]
    /// Group `g`'s tiles are `order[bounds[g] ..< bounds[g + 1]]`.
    private let bounds: [Int]

    /// Sorts the members into `groups` groups, keeping their order within each.
    ///
    /// - Parameter members: `(group, tile)` pairs, each group's tiles in stacking order.
    init(groups: Int, members: [(group: Int, tile: Int)]) {
        var counts = Array(repeating: 0, count: groups)
        for member in members {
            counts[member.group] += 1
        }
        // A stable counting sort: each group keeps its members' order.
        var bounds = [0]
        bounds.reserveCapacity(groups + 1)
        for count in counts {
            bounds.append(bounds[bounds.count - 1] + count)
        }
        var nextSlot = Array(bounds.dropLast())
        var order = Array(repeating: 0, count: members.count)
        for member in members {
            order[nextSlot[member.group]] = member.tile
            nextSlot[member.group] += 1
        }
        self.order = order
        self.bounds = bounds
    }

    /// The number of groups.
    var groups: Int { bounds.count - 1 }

    /// The tiles of `group` that meet the half-open range `along`, in stacking order.
    ///
    /// - Parameter extent: A tile's half-open range along the sheet.
    func tiles(
        in group: Int, meeting along: (start: Int, end: Int), extent: (Int) -> (start: Int, end: Int)
    ) -> ArraySlice<Int> {
        let slots = bounds[group]..<bounds[group + 1]
        let first = slots.partitionPoint { extent(order[$0]).end > along.start }
        let last = (first..<slots.upperBound).partitionPoint { extent(order[$0]).start >= along.end }
        return order[first..<last]
    }
}
