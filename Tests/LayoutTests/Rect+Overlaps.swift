import Geometry

extension [Rect] {
    /// Every pair of these rects that share a pixel, in order: what the property tests
    /// expect to be empty for a sheet's tiles, caption lines and bands.
    var overlappingPairs: [(Rect, Rect)] {
        var pairs: [(Rect, Rect)] = []
        for first in indices {
            for second in indices[(first + 1)...] where self[first].intersects(self[second]) {
                pairs.append((self[first], self[second]))
            }
        }
        return pairs
    }
}
