import PNGCodec

/// A source that passed the header probe and has a place on the sheet.
public struct PlannedSource: Sendable, Hashable {
    public let path: String
    public let header: ImageHeader
}
