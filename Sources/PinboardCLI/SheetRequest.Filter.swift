extension SheetRequest {
    /// The resampling filter that scales images to their tiles.
    enum Filter: String, CaseIterable, Sendable, ExpressibleByArgument {
        case lanczos3
        case box
        case bilinear
        case nearest
    }
}
