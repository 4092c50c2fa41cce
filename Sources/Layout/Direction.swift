import Geometry


/// The way a sheet grows as tiles are added.
///
/// The lanes run along the growth axis, so a vertical sheet has columns and grows
/// downwards, and a horizontal sheet has rows and grows to the right. Everything
/// else in the layout is the same with the two axes swapped.
public enum Direction: String, CaseIterable, Codable, Hashable, Sendable {
    /// Lanes are columns of fixed width; the sheet's height follows from the sources.
    case vertical
    /// Lanes are rows of fixed height; the sheet's width follows from the sources.
    case horizontal

    /// What a lane is called in this direction, for messages: "column" or "row".
    public var laneName: String {
        switch self {
        case .vertical: "column"
        case .horizontal: "row"
        }
    }

    /// What the sheet's extent across the lanes is called: "width" or "height".
    public var breadthName: String {
        switch self {
        case .vertical: "width"
        case .horizontal: "height"
        }
    }

    /// What the sheet's extent along the lanes is called: "height" or "width".
    public var lengthName: String {
        switch self {
        case .vertical: "height"
        case .horizontal: "width"
        }
    }

    /// A source's extent across the lanes, the one that is scaled to the lane.
    func breadth(of size: Size) -> Int {
        switch self {
        case .vertical: size.width
        case .horizontal: size.height
        }
    }

    /// A source's extent along the lanes, the one that follows from its aspect ratio.
    func length(of size: Size) -> Int {
        switch self {
        case .vertical: size.height
        case .horizontal: size.width
        }
    }

    /// The size with the given extents across and along the lanes.
    func size(breadth: Int, length: Int) -> Size {
        switch self {
        case .vertical: Size(width: breadth, height: length)
        case .horizontal: Size(width: length, height: breadth)
        }
    }

    /// The rect starting at `across` and `along`, with the given extents across and along the lanes.
    func rect(across: Int, along: Int, breadth: Int, length: Int) -> Rect {
        switch self {
        case .vertical: Rect(x: across, y: along, width: breadth, height: length)
        case .horizontal: Rect(x: along, y: across, width: length, height: breadth)
        }
    }

    /// The half-open range a rect covers across the lanes.
    func across(_ rect: Rect) -> (start: Int, end: Int) {
        switch self {
        case .vertical: (rect.x, rect.maxX)
        case .horizontal: (rect.y, rect.maxY)
        }
    }

    /// The half-open range a rect covers along the lanes.
    func along(_ rect: Rect) -> (start: Int, end: Int) {
        switch self {
        case .vertical: (rect.y, rect.maxY)
        case .horizontal: (rect.x, rect.maxX)
        }
    }
}
