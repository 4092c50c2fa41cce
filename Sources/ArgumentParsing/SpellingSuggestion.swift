/// Finds the spelling a user most likely meant, for "Did you mean …?".
package enum SpellingSuggestion {
    /// The candidate nearest to `typed`, if it is close enough to be a slip of the keys.
    ///
    /// Close enough means an edit distance of at most a third of the candidate's length,
    /// but at least 1 and at most 2: `widht` finds `width` and `colmuns` finds `columns`,
    /// while `x` finds nothing, however short the candidates. On a tie the earlier
    /// candidate wins, so declaration order decides.
    ///
    /// - Parameters:
    ///   - typed: What the user typed, without leading dashes.
    ///   - candidates: The valid spellings, without leading dashes.
    package static func nearest(to typed: String, in candidates: [String]) -> String? {
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let allowed = min(2, max(1, candidate.count / 3))
            let distance = editDistance(typed, candidate)
            if distance <= allowed, distance < best?.distance ?? .max {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// The number of insertions, deletions, substitutions and swaps of neighbouring
    /// characters that turn one string into the other (optimal string alignment).
    ///
    /// Swaps count as one edit because they are the commonest typing slip.
    package static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs)
        let b = Array(rhs)
        guard !a.isEmpty, !b.isEmpty else {
            return max(a.count, b.count)
        }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
