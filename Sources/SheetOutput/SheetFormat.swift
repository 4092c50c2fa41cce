import ImageInput

/// The format a sheet is written in, chosen by the output's name or `--format`: the value
/// the rest of the code passes around (`EncodeSettings.format`), naming one `OutputKind`,
/// whose facts it reads. Two formats are the same when their names are.
///
/// Its values are the registry's (`allCases`, `OutputRegistry.pinboard`); each kind's file
/// declares its member (`.png`, `.jpeg`, …).
public struct SheetFormat: Hashable, Sendable, CaseIterable, RawRepresentable, CustomStringConvertible {
    /// What the format is.
    public let kind: any OutputKind.Type

    public init(_ kind: any OutputKind.Type) {
        self.kind = kind
    }

    /// The registry's format called `rawValue`: `--format`'s spelling.
    public init?(rawValue: String) {
        guard let format = OutputRegistry.pinboard.format(named: rawValue) else { return nil }
        self = format
    }

    /// The format a file name's ending asks for, in any case (`board.JPG`); nil for an
    /// ending pinboard does not write, or none.
    public init?(fileName: String) {
        guard let format = OutputRegistry.pinboard.format(fileName: fileName) else { return nil }
        self = format
    }

    /// Every format pinboard writes, in the registry's order.
    public static var allCases: [SheetFormat] { OutputRegistry.pinboard.formats }

    public static func == (lhs: SheetFormat, rhs: SheetFormat) -> Bool { lhs.name == rhs.name }

    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// What `--format` takes and the manifest records: "jpeg".
    public var name: String { kind.name }

    public var rawValue: String { name }

    /// The endings that name the format, the usual one first.
    public var fileExtensions: [String] { kind.fileExtensions }

    /// The longest side the format holds, in pixels; nil when only the disk limits it.
    public var maxSide: Int? { kind.maxSide }

    /// Whether the format keeps an alpha channel; a sheet over a transparent background
    /// is composited over white or `--background` where it does not.
    public var hasAlpha: Bool { kind.keepsAlpha }

    /// Whether the format's sink holds the whole sheet before it encodes (WebP, AVIF).
    public var gathersWholeSheet: Bool { kind.gathersWholeSheet }

    /// Whether the format is a pyramid of tiles in a folder (`.dzi`, IIIF) rather than one file.
    public var isPyramid: Bool {
        if case .folder = kind.writing { return true }
        return false
    }

    /// The format's own name, as its makers spell it (`WebP`, not `WEBP`).
    public var description: String { kind.displayName }

    /// The manifest's JSON as a sheet of this format carries it at `path` (see each kind's
    /// `manifestText(path:)`), read without decoding a pixel; nil when there is none.
    ///
    /// - Throws: `ImageError` naming the file when it cannot be read or the manifest's
    ///   container is damaged.
    public func manifestText(path: String) throws(ImageError) -> String? {
        try kind.manifestText(path: path)
    }
}
