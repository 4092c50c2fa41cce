extension SheetRequest {
    /// Which lane takes the next tile.
    enum Placement: String, CaseIterable, Sendable, ExpressibleByArgument {
        /// The lane that is shortest so far: the masonry look.
        case shortest
        /// Each lane in turn, whatever their lengths.
        case roundRobin = "round-robin"
    }
}
