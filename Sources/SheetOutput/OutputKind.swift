import ImageInput

/// One format pinboard writes, with every fact about it in one place: its names and endings,
/// what it can hold, which settings it reads, how its sink is made, what the manifest
/// records of it, and how its manifest is read back. The generic code asks a kind and never
/// which one it holds, so adding a format touches no other format (as libvips's `foreign/`
/// savers and Nuke's `ImageEncoders` are added).
///
/// A protocol of static members, as `ImageFormat` is on the input side, rather than a
/// struct of closures: a kind holds no state, the compiler makes each kind declare every
/// fact, and the two registries read alike. `SheetFormat` is the value that names one.
///
/// ```swift
/// public enum QOIOutput: OutputKind {
///     public static let name = "qoi"
///     public static let displayName = "QOI"
///     …
/// }
/// extension SheetFormat {
///     public static let qoi = SheetFormat(QOIOutput.self)
/// }
/// ```
/// and `QOIOutput.self` in `OutputRegistry.pinboard`.
public protocol OutputKind: Sendable {
    /// What `--format` takes and the manifest's `format` option records: "jpeg".
    static var name: String { get }
    /// The format's own name, as its makers spell it, for messages: "WebP", not "WEBP".
    static var displayName: String { get }
    /// The endings, lowercased and without the dot, that name the format in an output's
    /// file name, the usual one first; empty when only `--format` chooses it.
    static var fileExtensions: [String] { get }
    /// The longest side the format holds, in pixels; nil when only the disk limits it.
    static var maxSide: Int? { get }
    /// Whether the format keeps an alpha channel; a sheet over a transparent background
    /// is composited over white or `--background` where it does not.
    static var keepsAlpha: Bool { get }
    /// Whether the kind's sink holds the whole sheet before it encodes (a format that cannot
    /// be streamed); what the run's memory estimate counts (`RenderBudget`).
    static var gathersWholeSheet: Bool { get }
    /// The members of `EncodeSettings` the kind reads; it ignores the others.
    static var settings: Set<EncodeSetting> { get }
    /// How the kind's sink is made: over a descriptor, or as a folder from a path (a pyramid).
    static var writing: OutputWriting { get }
    /// How a finished output of this kind is told apart when it is read back.
    static var recognition: OutputRecognition { get }
    /// The entries the kind adds to the manifest's `options`: its name and the settings
    /// that change its bytes.
    static func manifestOptions(for settings: EncodeSettings) -> [String: String]
    /// The manifest's JSON as an output of this kind carries it at `path`, read without
    /// decoding a pixel; nil when there is none.
    ///
    /// - Throws: `ImageError` naming the file that cannot be read, with a `.format` reason
    ///   when the manifest's container is damaged.
    static func manifestText(path: String) throws(ImageError) -> String?
}

extension OutputKind {
    /// Streamed, band by band: every kind but those that say otherwise.
    public static var gathersWholeSheet: Bool { false }
}
