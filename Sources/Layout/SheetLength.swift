import Geometry

/// The running length of a sheet of rows (justified or grid), grown without overflowing.
enum SheetLength {
    /// `top + length`, or `sheetTooLong` naming the source being placed.
    static func adding(_ length: Int, to top: Int, source: Int, _ sources: [Size]) throws(LayoutError) -> Int {
        let (sum, overflow) = top.addingReportingOverflow(length)
        guard !overflow else {
            let index = max(0, source)
            throw .sheetTooLong(index: index, size: sources.isEmpty ? Size(width: 0, height: 0) : sources[index], direction: .vertical)
        }
        return sum
    }
}
