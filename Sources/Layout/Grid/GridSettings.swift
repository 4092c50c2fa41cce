/// A grid's own settings: the cell's size and how an image fills it.
public struct GridSettings: LayoutModeSettings {
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

    /// `cellWidth`, `cellHeight` (as laid out, so always set) and `fit`.
    public var fields: [(key: String, value: LayoutField)] {
        [("cellWidth", .integer(cellWidth ?? 0)), ("cellHeight", .integer(cellHeight ?? 0)), ("fit", .word(fit.rawValue))]
    }

    public init?(fields: [String: LayoutField]) {
        guard let width = fields["cellWidth"]?.integer, let height = fields["cellHeight"]?.integer,
            let fit = fields["fit"]?.word.flatMap(GridFit.init(rawValue:))
        else { return nil }
        self.init(cellWidth: width, cellHeight: height, fit: fit)
    }
}
