/// Where a tile cut from its scaled source (a cell covered under `--fit cover`, a tile
/// levelled by the even bottom) keeps its pixels.
public enum CropFocus: String, CaseIterable, Codable, Sendable {
    /// The middle: as much is lost before as after, the odd pixel after.
    case centre
    /// The busiest part, as libvips's smartcrop finds it (edges, skin tones, saturation):
    /// `AttentionFocus`.
    case attention
}

extension CropFocus {
    /// The focus a word names: its raw value, or `center` for `centre` as American English
    /// spells it (`WidowStyle` takes both spellings too).
    public init?(spelling: String) {
        self.init(rawValue: spelling == "center" ? "centre" : spelling)
    }
}
