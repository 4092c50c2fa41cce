import Geometry


/// Finds the regions where two images without manifests differ, fed one row pair at a
/// time from the top, so that `pinboard diff` can report them as boxes.
///
/// The grouping rule: the image is cut into cells of `gap × gap` pixels on a grid that
/// starts at the top-left corner (the last column and row of cells may be narrower). A
/// cell is *marked* when it holds a changed pixel. Two changed pixels belong to the same
/// region exactly when their cells are joined by a chain of marked cells, each touching
/// the next at a side or a corner. So changed pixels at most `gap` apart both across and
/// down are always in one region, while pixels `2·gap` or more apart across or down share
/// one only through changed pixels that chain them. A region's box holds its changed
/// pixels exactly, not its cells.
///
/// The regions come out ordered by their top row, then their left column; the rare
/// regions sharing both (one in the corner of another's box) by height, then width.
///
/// Memory follows the width, not the height: the finder keeps two rows of cells and the
/// regions still open in them, plus the regions already closed. A row with no change
/// costs a look at each of its mask words.
///
/// ```swift
/// var finder = ChangeRegions(width: width, gap: 16)
/// for (a, b) in rowPairs {
///     PixelDifference.compare(a, b, pixels: width, threshold: 0, changes: words)
///     finder.addRow(changes: UnsafeBufferPointer(words), a, b)
/// }
/// let boxes = finder.regions()
/// ```
package struct ChangeRegions: Sendable {
    /// The width of the rows, in pixels.
    package let width: Int
    /// The side of a cell, in pixels.
    package let gap: Int
    /// The rows added so far: the next row added is row `rowCount`.
    package private(set) var rowCount = 0
    /// The region label of each cell of the cell row above the current one, -1 where unmarked.
    private var above: [Int]
    /// The columns of the cells marked in `above`, so clearing it costs what was marked.
    private var aboveMarked: [Int] = []
    /// The region label of each cell of the current cell row, -1 where unmarked.
    private var current: [Int]
    private var currentMarked: [Int] = []
    /// The union-find forest of the labels of both cell rows; a root's figures are its region's.
    private var parents: [Int] = []
    private var figures: [ChangeRegion] = []
    /// Regions that no later row can reach any more.
    private var closed: [ChangeRegion] = []

    /// A finder for rows of `width` pixels, grouping changes as the type's rule says.
    ///
    /// - Parameter gap: The side of a cell, 1 or more.
    package init(width: Int, gap: Int = 16) {
        precondition(width >= 0, "a width of \(width) is below 0")
        precondition(gap >= 1, "a gap of \(gap) is below 1")
        self.width = width
        self.gap = gap
        let columns = (width + gap - 1) / gap
        above = [Int](repeating: -1, count: columns)
        current = above
    }

    /// Adds row `rowCount`: the pixels set in `changes` changed between `a` and `b`.
    ///
    /// - Parameters:
    ///   - changes: The row's mask as `PixelDifference.compare(_:_:pixels:threshold:changes:)`
    ///     writes it, at least `(width + 63) / 64` words; bits past `width` are ignored.
    ///   - a, b: The rows compared, at least `width × 4` bytes each: each changed pixel's
    ///     largest channel difference is read again from them.
    package mutating func addRow(
        changes: UnsafeBufferPointer<UInt64>, _ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer
    ) {
        let wordCount = (width + 63) / 64
        precondition(changes.count >= wordCount, "\(changes.count) words cannot hold \(width) pixels")
        precondition(a.count >= width * 4 && b.count >= width * 4, "rows shorter than \(width) px")
        let y = rowCount
        rowCount += 1
        if y > 0, y % gap == 0 { closeCellRow() }
        guard let aBase = a.baseAddress, let bBase = b.baseAddress else { return }
        // Pixels come left to right, so a cell's root is looked up once per run in it; only
        // opening a cell unites regions, and that happens before its root is taken.
        var cachedColumn = -1
        var root = -1
        for index in 0..<wordCount {
            var word = changes[index]
            if index == wordCount - 1, width % 64 != 0 { word &= (1 << (width % 64)) - 1 }
            // One piece per cell the word's set bits fall in, not one per pixel.
            while word != 0 {
                let x = index * 64 + word.trailingZeroBitCount
                let column = x / gap
                let cellEnd = (column + 1) * gap - index * 64
                let inCell = cellEnd >= 64 ? word : word & ((1 << cellEnd) - 1)
                word &= ~inCell
                var largest = 0
                var bits = inCell
                while bits != 0 {
                    let pixel = index * 64 + bits.trailingZeroBitCount
                    largest = max(largest, PixelDifference.channelDifference(aBase, bBase, pixel: pixel))
                    bits &= bits - 1
                }
                let last = index * 64 + 63 - inCell.leadingZeroBitCount
                let piece = ChangeRegion(
                    bounds: Rect(x: x, y: y, width: last - x + 1, height: 1),
                    changedPixels: inCell.nonzeroBitCount, maxChannelDifference: largest)
                if column != cachedColumn {
                    cachedColumn = column
                    if current[column] < 0 {
                        root = open(column, with: piece)
                        continue
                    }
                    root = find(current[column])
                }
                figures[root].merge(piece)
            }
        }
    }

    /// Every region found, in the order the type describes; rows may still be added after.
    package func regions() -> [ChangeRegion] {
        var finder = self
        // The first close retires the cell row above; the second, with nothing below it, the last.
        finder.closeCellRow()
        finder.closeCellRow()
        return finder.closed.sorted { first, second in
            let (one, other) = (first.bounds, second.bounds)
            return (one.y, one.x, one.height, one.width) < (other.y, other.x, other.height, other.width)
        }
    }

    /// Marks cell `column` of the current cell row with its first pixels and unites it with
    /// the marked cells it touches; returns the root of its region.
    private mutating func open(_ column: Int, with piece: ChangeRegion) -> Int {
        let label = parents.count
        parents.append(label)
        figures.append(piece)
        current[column] = label
        currentMarked.append(column)
        for neighbour in max(column - 1, 0)...min(column + 1, current.count - 1) {
            if above[neighbour] >= 0 { unite(label, above[neighbour]) }
            if neighbour != column, current[neighbour] >= 0 { unite(label, current[neighbour]) }
        }
        return find(label)
    }

    /// The root of `label`'s tree, halving the path on the way.
    private mutating func find(_ label: Int) -> Int {
        var label = label
        while parents[label] != label {
            parents[label] = parents[parents[label]]
            label = parents[label]
        }
        return label
    }

    private mutating func unite(_ one: Int, _ other: Int) {
        let root = find(one)
        let joined = find(other)
        guard root != joined else { return }
        parents[joined] = root
        figures[root].merge(figures[joined])
    }

    /// Ends the current cell row: regions with no cell in it are closed, the rest are
    /// relabelled densely so the forest never holds more than two cell rows' labels.
    private mutating func closeCellRow() {
        var relabel = [Int](repeating: -1, count: parents.count)
        var openFigures: [ChangeRegion] = []
        for column in currentMarked {
            let root = find(current[column])
            if relabel[root] < 0 {
                relabel[root] = openFigures.count
                openFigures.append(figures[root])
            }
            current[column] = relabel[root]
        }
        for label in parents.indices where parents[label] == label && relabel[label] < 0 {
            closed.append(figures[label])
        }
        for column in aboveMarked { above[column] = -1 }
        for column in currentMarked {
            above[column] = current[column]
            current[column] = -1
        }
        swap(&aboveMarked, &currentMarked)
        currentMarked.removeAll(keepingCapacity: true)
        parents = Array(openFigures.indices)
        figures = openFigures
    }
}
