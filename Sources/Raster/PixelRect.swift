/// A rectangle of whole pixels in sheet coordinates, origin at the top-left.
///
/// It covers columns `x ..< x + width` and rows `y ..< y + height`; Raster keeps its own
/// rect so that it need not import the layout engine.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
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

    /// Whether the rect covers no pixel.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The pixels both rects cover, or `nil` when they share none.
    public func intersection(_ other: PixelRect) -> PixelRect? {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(x + width, other.x + other.width)
        let bottom = min(y + height, other.y + other.height)
        guard left < right, top < bottom else { return nil }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
