/// The file formats a sheet is written in, chosen by the output's name or `--format`.
public enum SheetFormat: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case png
    case jpeg
    case webp
    case avif
    case tiff
    /// A Deep Zoom pyramid: `NAME.dzi` and a folder of pyramid tiles (`DeepZoomSink`), not one file.
    case dzi
    /// A IIIF Image API 3 level-0 tree in a folder (`IIIFSink`), chosen by `--format iiif` only.
    case iiif

    /// The format a file name's ending asks for, in any case (`board.JPG`); nil for an
    /// ending pinboard does not write, or none.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
        let ending = fileName[fileName.index(after: dot)...].lowercased()
        guard let format = Self.allCases.first(where: { $0.fileExtensions.contains(ending) }) else { return nil }
        self = format
    }

    /// The endings that name the format, the usual one first.
    public var fileExtensions: [String] {
        switch self {
        case .png: ["png"]
        case .jpeg: ["jpg", "jpeg"]
        case .webp: ["webp"]
        case .avif: ["avif"]
        case .tiff: ["tif", "tiff"]
        case .dzi: ["dzi"]
        case .iiif: []
        }
    }

    /// The longest side the format holds, in pixels; nil when only the disk limits it.
    public var maxSide: Int? {
        switch self {
        case .png: 0x7FFF_FFFF
        case .jpeg: 65_535
        case .webp: 16_383
        case .avif, .tiff, .dzi, .iiif: nil
        }
    }

    /// Whether the format keeps an alpha channel; a sheet over a transparent background
    /// is composited over white or `--background` where it does not.
    public var hasAlpha: Bool { self != .jpeg }

    /// Whether the format is a pyramid of tiles in a folder (`.dzi`, IIIF) rather than one file.
    public var isPyramid: Bool { self == .dzi || self == .iiif }

    /// The format's own name, as its makers spell it (`WebP`, not `WEBP`).
    public var description: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .webp: "WebP"
        case .avif: "AVIF"
        case .tiff: "TIFF"
        case .dzi: "Deep Zoom"
        case .iiif: "IIIF"
        }
    }
}
