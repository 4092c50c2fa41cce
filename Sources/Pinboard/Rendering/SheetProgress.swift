/// How far a render has come, reported after every band.
public struct SheetProgress: Sendable, Equatable {
    public let tilesDone: Int
    public let tilesTotal: Int
    public let rowsDone: Int
    public let rowsTotal: Int
    /// Seconds since the render started.
    public let elapsed: Double
}
