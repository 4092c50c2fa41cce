import ImageInput

/// How a finished output is told to be of a kind when it is read back (`pinboard diff`,
/// `EmbeddedManifest`): a file by its content, as the input registry recognises it, a
/// folder by its path, since no image reader opens a pyramid.
public enum OutputRecognition: Sendable {
    /// The input format that reads the kind's files: the registry's own identity of the
    /// format, so AVIF (a sheet pinboard writes) and HEIC (which it only reads), both
    /// libheif's, stay apart.
    case content(any ImageFormat.Type)
    /// Whether the output at a path is of this kind, by the path alone (a `.dzi`'s ending,
    /// a IIIF tree's `info.json`).
    case path(@Sendable (_ path: String) -> Bool)
}
