import Geometry
import Layout
import Pinboard
import Raster

/// What every pixel of a sheet should be: the background, except inside the regions given,
/// each with its own test. Checking a sheet against it visits every pixel, so a tile drawn
/// off its rect, a seam between bands or a stray background pixel all show up.
struct SheetExpectation {
    struct Region {
        let name: String
        let rect: Rect
        /// What the region should hold, for messages.
        let expected: String
        let accepts: (Color) -> Bool
    }

    let width: Int
    let height: Int
    let background: Color
    private(set) var regions: [Region] = []

    init(width: Int, height: Int, background: Color) {
        self.width = width
        self.height = height
        self.background = background
    }

    /// Every pixel of `rect` is exactly `color`.
    mutating func expect(_ rect: Rect, named name: String, toBe color: Color) {
        regions.append(Region(name: name, rect: rect, expected: color.description) { $0 == color })
    }

    /// Every pixel of `rect` passes `accepts`, which `expected` describes.
    mutating func expect(_ rect: Rect, named name: String, expected: String, accepts: @escaping (Color) -> Bool) {
        regions.append(Region(name: name, rect: rect, expected: expected, accepts: accepts))
    }

    /// Checks every pixel that `color(x, y)` gives for a sheet of this size.
    ///
    /// - Returns: One line per region (or the background) holding a wrong pixel: how many,
    ///   and the first; also a line per region that overlaps another or leaves the sheet,
    ///   since its pixels then have no single expected value. Empty when all is well.
    func mismatches(_ color: (_ x: Int, _ y: Int) -> Color) -> [String] {
        var problems: [String] = []
        // Which region owns each pixel: -1 for the background.
        var owner = [Int](repeating: -1, count: width * height)
        for (index, region) in regions.enumerated() {
            let rect = region.rect
            guard rect.x >= 0, rect.y >= 0, rect.maxX <= width, rect.maxY <= height, !rect.isEmpty else {
                problems.append("\(region.name) at \(rect) is not inside the \(width)×\(height) sheet")
                continue
            }
            for y in rect.y..<rect.maxY {
                for x in rect.x..<rect.maxX {
                    let other = owner[y * width + x]
                    if other >= 0 {
                        problems.append("\(region.name) at \(rect) overlaps \(regions[other].name) at (\(x), \(y))")
                        return problems
                    }
                    owner[y * width + x] = index
                }
            }
        }
        var wrongCounts = [Int](repeating: 0, count: regions.count + 1)
        var firstWrong = [String?](repeating: nil, count: regions.count + 1)
        for y in 0..<height {
            for x in 0..<width {
                let index = owner[y * width + x]
                let actual = color(x, y)
                let isRight = index < 0 ? actual == background : regions[index].accepts(actual)
                if !isRight {
                    let slot = index < 0 ? regions.count : index
                    wrongCounts[slot] += 1
                    if firstWrong[slot] == nil { firstWrong[slot] = "(\(x), \(y)) is \(actual)" }
                }
            }
        }
        for slot in wrongCounts.indices where wrongCounts[slot] > 0 {
            let (name, expected) = slot == regions.count
                ? ("background", background.description)
                : ("\(regions[slot].name) at \(regions[slot].rect)", regions[slot].expected)
            problems.append("\(name): \(wrongCounts[slot]) pixels are not \(expected); first \(firstWrong[slot] ?? "")")
        }
        return problems
    }
}
