/// A grid's own settings: the cell's size and how an image fills it.
public struct GridSettings: Hashable, Sendable {
    /// Each cell's width, padding excluded; nil for the narrowest lane's tile breadth. Given,
    /// it decides the lanes as a column width does: a column is the cell and its padding.
    public var cellWidth: Int?
    /// Each cell's height, padding and caption excluded; nil for square cells.
    public var cellHeight: Int?
    /// How each image is fitted into its cell.
    public var fit: GridFit

    public init(cellWidth: Int? = nil, cellHeight: Int? = nil, fit: GridFit = .contain) {
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        self.fit = fit
    }
}
