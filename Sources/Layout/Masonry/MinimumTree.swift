/// Integers at fixed positions, answering "the smallest" and "the first at most t" in O(log n).
///
/// A segment tree over a power-of-two number of leaves, each inner node holding the smaller
/// of its children; the unused leaves hold `Int.max`. The lanes' ends live in one, so a
/// placement rule that looks for the leftmost lane within reach of the shortest costs a
/// descent from the root instead of a scan of every lane.
struct MinimumTree {
    /// `nodes[1]` is the root, node `k` has children `2k` and `2k + 1`, leaf `i` is `nodes[leaves + i]`.
    private var nodes: [Int]
    private let leaves: Int
    /// The number of positions.
    let count: Int

    /// Makes `count` positions, all holding `value`.
    init(count: Int, value: Int) {
        var leaves = 1
        while leaves < count {
            leaves *= 2
        }
        self.leaves = leaves
        self.count = count
        nodes = Array(repeating: Int.max, count: 2 * leaves)
        for position in 0..<count {
            nodes[leaves + position] = value
        }
        for node in stride(from: leaves - 1, through: 1, by: -1) {
            nodes[node] = min(nodes[2 * node], nodes[2 * node + 1])
        }
    }

    /// The value at `position`.
    subscript(position: Int) -> Int {
        nodes[leaves + position]
    }

    /// The smallest value, or `Int.max` when there are no positions.
    var minimum: Int {
        nodes[1]
    }

    /// Sets the value at `position`, mending the minima above it.
    mutating func set(_ position: Int, to value: Int) {
        var node = leaves + position
        nodes[node] = value
        node /= 2
        while node >= 1 {
            nodes[node] = min(nodes[2 * node], nodes[2 * node + 1])
            node /= 2
        }
    }

    /// The lowest position whose value is at most `limit`, or nil if there is none.
    func firstPosition(atMost limit: Int) -> Int? {
        guard count > 0, nodes[1] <= limit else { return nil }
        var node = 1
        while node < leaves {
            node = nodes[2 * node] <= limit ? 2 * node : 2 * node + 1
        }
        return node - leaves
    }
}
