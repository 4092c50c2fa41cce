import ImageInput

/// A source whose pixels failed partway: its tile shows the rows decoded before the failure
/// and the background below them, as browsers, libvips's `fail=false` and Pillow's
/// `LOAD_TRUNCATED_IMAGES` show a file cut short.
public struct DrawnInPart: Sendable, Hashable, CustomStringConvertible {
    /// The source's name, usually its path.
    public let source: String
    /// The rows of the decoded image drawn, from the top.
    public let rowsDrawn: Int
    /// The rows the decoded image has (at the size it was decoded at).
    public let rowsTotal: Int
    /// Why the rest could not be decoded.
    public let reason: ImageReason

    /// `drawn in part: rows 1-812 of 1024, then file is truncated`: what the manifest's item says.
    public var damage: String { "drawn in part: rows 1-\(rowsDrawn) of \(rowsTotal), then \(reason)" }

    public var description: String { "\(source): \(damage)" }
}
