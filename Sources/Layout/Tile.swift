import Geometry


/// A source placed on the sheet.
public struct Tile: Codable, Hashable, Sendable {
    /// The source's position in the list the layout was made from.
    public var index: Int
    /// Where the scaled source is drawn, padding excluded.
    public var rect: Rect
    /// The first lane the tile sits in, counted from 0 at the left (vertical) or top (horizontal).
    public var lane: Int
    /// How many lanes the tile spans, from `lane` on: 1, or more for a wide source.
    public var laneCount: Int
    /// The caption line under the image, `(x, maxY) width×labelHeight`; nil without labels.
    public var labelRect: Rect?

    public init(index: Int, rect: Rect, lane: Int, laneCount: Int = 1, labelRect: Rect? = nil) {
        self.index = index
        self.rect = rect
        self.lane = lane
        self.laneCount = laneCount
        self.labelRect = labelRect
    }
}
