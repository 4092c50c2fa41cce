/// A member of `EncodeSettings`, so an output kind can say which ones it reads (help and
/// validation can tell a setting that does nothing for the chosen format).
public enum EncodeSetting: String, CaseIterable, Hashable, Sendable {
    case compression
    case quality
    case subsampling
    case lossless
    case tileSize
    case tileOverlap
    case tileFormat
    case iiifBaseID
}
