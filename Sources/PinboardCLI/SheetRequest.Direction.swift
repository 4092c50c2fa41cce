extension SheetRequest {
    /// The way the sheet grows as tiles are added.
    enum Direction: String, CaseIterable, Sendable, ExpressibleByArgument {
        /// Fixed-width columns; the sheet grows downwards.
        case vertical
        /// Fixed-height rows; the sheet grows to the right.
        case horizontal
    }
}
