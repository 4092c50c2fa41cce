import ImageInput

/// What can be wrong with a manifest file beside (or inside) a pyramid, beyond what every
/// file can meet.
public enum ManifestFileFailure: FormatFailure {
    /// The file holds more than a reader joins of a PNG's manifest chunks
    /// (`ManifestChunk.totalLimit`): no manifest pinboard writes is that long, and reading
    /// on would hold whatever the file holds in memory.
    case tooLong(bytes: Int, limit: Int)

    public var description: String {
        switch self {
        case .tooLong(let bytes, let limit): "the manifest holds at least \(bytes) bytes, over the \(limit) a manifest may hold"
        }
    }
}
