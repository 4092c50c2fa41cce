import ImageFormats
import ImageInput

/// The formats pinboard reads, as messages and help name them, taken from the registry so
/// that a format added there is listed everywhere.
public enum ReadableFormats {
    /// "PNG", "JPEG", … in the registry's order.
    public static var names: [String] { ImageRegistry.pinboard.names }

    /// The names as a sentence lists them: "PNG, JPEG and WebP".
    public static var listing: String { ImageRegistry.listing(names) }
}
