import Pinboard

/// Matches the images of two sides by name, for a comparison.
///
/// Names may repeat (two folders each with an `a.png`, given as files): the k-th image of a
/// name on side A pairs with the k-th of that name on side B, so sheets made from the same
/// inputs pair exactly and a duplicate added later shows up as an extra.
struct TilePairing: Equatable {
    /// Pairs of indices into A and B, in B's order.
    var pairs: [(a: Int, b: Int)] = []
    /// Indices into A with no partner, in A's order.
    var onlyInA: [Int] = []
    /// Indices into B with no partner, in B's order.
    var onlyInB: [Int] = []

    init(a: [String], b: [String]) {
        var positionsInA: [String: [Int]] = [:]
        for (index, name) in a.enumerated().reversed() {
            positionsInA[name, default: []].append(index)
        }
        var pairedA = Array(repeating: false, count: a.count)
        for (index, name) in b.enumerated() {
            if let partner = positionsInA[name]?.popLast() {
                pairs.append((partner, index))
                pairedA[partner] = true
            } else {
                onlyInB.append(index)
            }
        }
        onlyInA = pairedA.indices.filter { !pairedA[$0] }
    }

    static func == (lhs: TilePairing, rhs: TilePairing) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs, by: ==) && lhs.onlyInA == rhs.onlyInA && lhs.onlyInB == rhs.onlyInB
    }
}
