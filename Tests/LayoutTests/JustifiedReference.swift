/// justified-layout 4.1's `computeLayout` written again, line for line and in `Double`, with
/// none of pinboard's types or rounding: what `JustifiedLayout` is held against.
///
/// Breakout rows and forced aspect ratios are left out; pinboard has neither.
struct JustifiedReference {
    struct Box: Equatable {
        var top: Double
        var left: Double
        var width: Double
        var height: Double
    }

    var containerWidth: Double
    var containerPadding: Double
    var boxSpacing: Double
    var targetRowHeight: Double
    var tolerance: Double
    var maxNumRows = Int.max
    var widowLayoutStyle = "left"

    /// The boxes placed, in order, and each one's row number.
    func layout(_ aspectRatios: [Double]) -> (boxes: [Box], rows: [Int], containerHeight: Double) {
        var boxes: [Box] = []
        var rowOf: [Int] = []
        var rowHeights: [Double] = []
        var containerHeight = containerPadding
        let width = containerWidth - 2 * containerPadding
        let minAspectRatio = width / targetRowHeight * (1 - tolerance)
        let maxAspectRatio = width / targetRowHeight * (1 + tolerance)
        var items: [Double] = []

        func complete(_ newHeight: Double, _ style: String) {
            let rowWidthWithoutSpacing = width - Double(items.count - 1) * boxSpacing
            let clampedHeight = max(0.5 * targetRowHeight, min(newHeight, 2 * targetRowHeight))
            let ratio = newHeight != clampedHeight
                ? (rowWidthWithoutSpacing / clampedHeight) / (rowWidthWithoutSpacing / newHeight) : 1.0
            var itemWidthSum = containerPadding
            var row: [Box] = []
            for aspectRatio in items {
                let itemWidth = aspectRatio * clampedHeight * ratio
                row.append(Box(top: containerHeight, left: itemWidthSum, width: itemWidth, height: clampedHeight))
                itemWidthSum += itemWidth + boxSpacing
            }
            if style == "justify" {
                itemWidthSum -= boxSpacing + containerPadding
                let error = (itemWidthSum - width) / Double(items.count)
                let cumulative = items.indices.map { (Double($0 + 1) * error).rounded() }
                if items.count == 1 {
                    row[0].width -= error.rounded()
                } else {
                    for i in row.indices {
                        if i > 0 {
                            row[i].left -= cumulative[i - 1]
                            row[i].width -= cumulative[i] - cumulative[i - 1]
                        } else {
                            row[i].width -= cumulative[i]
                        }
                    }
                }
            } else if style == "center" {
                let offset = (width - itemWidthSum) / 2
                for i in row.indices { row[i].left += offset + boxSpacing }
            }
            boxes += row
            rowOf += Array(repeating: rowHeights.count, count: row.count)
            rowHeights.append(clampedHeight)
            containerHeight += clampedHeight + boxSpacing
            items = []
        }

        /// `Row.addItem`: whether the item was taken; `done` when the row completed.
        func add(_ item: Double) -> (taken: Bool, done: Bool) {
            let newItems = items + [item]
            let rowWidthWithoutSpacing = width - Double(newItems.count - 1) * boxSpacing
            let newAspectRatio = newItems.reduce(0, +)
            let targetAspectRatio = rowWidthWithoutSpacing / targetRowHeight
            if newAspectRatio < minAspectRatio {
                items.append(item)
                return (true, false)
            } else if newAspectRatio > maxAspectRatio {
                if items.isEmpty {
                    items.append(item)
                    complete(rowWidthWithoutSpacing / newAspectRatio, "justify")
                    return (true, true)
                }
                let previousRowWidth = width - Double(items.count - 1) * boxSpacing
                let previousAspectRatio = items.reduce(0, +)
                let previousTarget = previousRowWidth / targetRowHeight
                if abs(newAspectRatio - targetAspectRatio) > abs(previousAspectRatio - previousTarget) {
                    complete(previousRowWidth / previousAspectRatio, "justify")
                    return (false, true)
                }
                items.append(item)
                complete(rowWidthWithoutSpacing / newAspectRatio, "justify")
                return (true, true)
            }
            items.append(item)
            complete(rowWidthWithoutSpacing / newAspectRatio, "justify")
            return (true, true)
        }

        var stopped = false
        for item in aspectRatios {
            let (taken, done) = add(item)
            if done {
                if rowHeights.count >= maxNumRows { stopped = true; break }
                if !taken {
                    let (_, doneAgain) = add(item)
                    if doneAgain, rowHeights.count >= maxNumRows { stopped = true; break }
                }
            }
        }
        if !stopped, !items.isEmpty {
            complete(rowHeights.last ?? targetRowHeight, widowLayoutStyle)
        }
        containerHeight += containerPadding - boxSpacing
        return (boxes, rowOf, containerHeight)
    }
}
