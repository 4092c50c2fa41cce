/// One of the numbers that shape a sheet, named so an error can say which one was wrong.
public enum LayoutSetting: String, CaseIterable, Codable, Hashable, Sendable {
    /// The sheet's extent across the lanes: its width when vertical, its height when horizontal.
    case breadth
    /// The number of lanes: columns when vertical, rows when horizontal.
    case lanes
    /// A lane's extent across the sheet, padding included: the column width or the row height.
    case laneBreadth
    /// The space around each tile, inside its lane.
    case padding
    /// The space around the whole sheet.
    case margin
    /// How far past the shortest lane `shortest` placement may still choose a lower-numbered lane.
    case tolerance
    /// The rows kept at the top of a vertical sheet for its title.
    case titleHeight
    /// The rows under every tile of a vertical sheet kept for its caption.
    case labelHeight
    /// The rows of the band above each section of a vertical sheet, for its name.
    case sectionHeaderHeight
    /// The height justified rows aim for.
    case rowHeight
    /// The most rows of justified images a board holds.
    case maxRows
    /// A grid cell's width, padding excluded.
    case cellWidth
    /// A grid cell's height, padding excluded.
    case cellHeight

    /// The setting's name as a user of the given direction knows it, for messages.
    public func name(in direction: Direction) -> String {
        switch self {
        case .breadth: direction.breadthName
        case .lanes: direction.laneName + "s"
        case .laneBreadth: direction.laneName + " " + (direction == .vertical ? "width" : "height")
        case .padding: "padding"
        case .margin: "margin"
        case .tolerance: "tolerance"
        case .titleHeight: "title height"
        case .labelHeight: "label height"
        case .sectionHeaderHeight: "section header height"
        case .rowHeight: "row height"
        case .maxRows: "maximum row count"
        case .cellWidth: "cell width"
        case .cellHeight: "cell height"
        }
    }
}
