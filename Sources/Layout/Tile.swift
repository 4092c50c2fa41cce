/// A source placed on the sheet.
public struct Tile: Codable, Hashable, Sendable {
    /// The source's position in the list the layout was made from.
    public var index: Int
    /// Where the scaled source is drawn, padding excluded.
    public var rect: Rect
    /// The lane the tile sits in, counted from 0 at the left (vertical) or top (horizontal).
    public var lane: Int

    public init(index: Int, rect: Rect, lane: Int) {
        self.index = index
        self.rect = rect
        self.lane = lane
    }
}
