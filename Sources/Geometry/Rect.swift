/// A rectangle of whole pixels on the sheet, with the origin at the top-left corner.
///
/// A rect covers the half-open ranges `x ..< maxX` and `y ..< maxY`, the way a row of
/// pixels is indexed, so two rects that merely touch share no pixel, and a rect with no
/// width or no height (or a negative one) covers nothing at all.
public struct Rect: Codable, Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The first column to the right of the rect.
    ///
    /// It saturates at `Int.max` (or `Int.min`), so that a query rect reaching past the
    /// end of the integers reads as "to the end" instead of trapping.
    public var maxX: Int { Rect.saturatingSum(x, width) }

    /// The first row below the rect; it saturates like `maxX`.
    public var maxY: Int { Rect.saturatingSum(y, height) }

    /// Whether the rect covers no pixel.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// Whether the two rects share at least one pixel.
    ///
    /// An empty rect meets nothing, not even a rect around it: a band of zero rows
    /// asks for no tiles.
    public func intersects(_ other: Rect) -> Bool {
        !isEmpty && !other.isEmpty
            && x < other.maxX && other.x < maxX
            && y < other.maxY && other.y < maxY
    }

    private static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        guard overflow else { return sum }
        return b > 0 ? Int.max : Int.min
    }

    /// The pixels both rects cover, or `nil` when they share none.
    public func intersection(_ other: Rect) -> Rect? {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        guard left < right, top < bottom else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The smallest rect holding every pixel of both.
    public func union(_ other: Rect) -> Rect {
        let left = min(x, other.x)
        let top = min(y, other.y)
        let right = max(maxX, other.maxX)
        let bottom = max(maxY, other.maxY)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// `(x, y) width×height`, the way the messages and docs write rects.
    public var description: String { "(\(x), \(y)) \(width)×\(height)" }
}
