import Foundation
import ImageFormats
import ImageInput
import Layout
import PNGCodec
import SheetManifest
import SheetOutput

/// Reads back the manifest a sheet carries, without decoding a pixel. The sheet's format is
/// told by its content (`embeddedText(ofSheet:)`, the one switch over the formats); in a PNG
/// the manifest is the text of every chunk with `ManifestChunk.keyword`, found by walking
/// the chunk headers and joined in file order.
public enum EmbeddedManifest {
    /// The manifest's JSON exactly as embedded in the sheet at `path`.
    ///
    /// - Throws: `PinboardError.unreadableSheet` when the file is not a readable PNG,
    ///   `.noManifest` when it carries none, `.badManifest` when a chunk is damaged or the
    ///   chunks hold more than `ManifestChunk.totalLimit` bytes.
    public static func text(ofSheet path: String) throws(PinboardError) -> String {
        guard let text = try embeddedText(ofSheet: path) else { throw .noManifest(path: path) }
        _ = try decode(text, path: path)
        return text
    }

    /// The manifest of the sheet at `path`, or nil when it carries none.
    public static func read(sheet path: String) throws(PinboardError) -> Manifest? {
        try embeddedText(ofSheet: path).map { text throws(PinboardError) in try decode(text, path: path) }
    }

    /// The manifest's text in the sheet at `path`, read the way its format carries it; nil
    /// when it carries none.
    ///
    /// Anything the registry does not recognise as a format pinboard writes goes to the PNG
    /// reader, whose error says what the file is not.
    private static func embeddedText(ofSheet path: String) throws(PinboardError) -> String? {
        // A pyramid's `.dzi` is XML, told by its name, its manifest the file beside it; a
        // IIIF tree is a folder with an `info.json`, its manifest inside.
        let named = OutputRegistry.pinboard.format(recognisingPath: path) ?? format(ofSheet: path)
        guard let format = named, format != .png else { return try pngText(ofSheet: path) }
        do {
            return try format.manifestText(path: path)
        } catch {
            // The file the error names: the sheet itself, or a pyramid's manifest file.
            if case .format = error.reason { throw .badManifest(path: error.path, reason: error.reason.description) }
            throw .unreadableSheet(path: error.path, reason: error.reason.description)
        }
    }

    /// The format of the file at `path` by its first bytes, as `ImageRegistry.pinboard`
    /// recognises it (its formats' names are `SheetFormat`'s); nil when it cannot be read or
    /// is no format pinboard writes.
    private static func format(ofSheet path: String) -> SheetFormat? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let format = try? ImageRegistry.pinboard.format(of: FileBytes(fileDescriptor: fd), path: path) else { return nil }
        return OutputRegistry.pinboard.format(readBy: format)
    }

    /// The joined texts of the PNG's manifest chunks.
    private static func pngText(ofSheet path: String) throws(PinboardError) -> String? {
        do {
            let texts = try PNGText.readAll(keyword: ManifestChunk.keyword, path: path, totalLimit: ManifestChunk.totalLimit)
            return texts.isEmpty ? nil : texts.map(\.text).joined()
        } catch {
            switch error.reason {
            case .format(PNGFailure.checksumMismatch), .format(PNGFailure.badText): throw .badManifest(path: path, reason: error.reason.description)
            default: throw .unreadableSheet(path: path, reason: error.reason.description)
            }
        }
    }

    private static func decode(_ text: String, path: String) throws(PinboardError) -> Manifest {
        do {
            return try JSONDecoder().decode(Manifest.self, from: Data(text.utf8))
        } catch {
            throw .badManifest(path: path, reason: describe(error))
        }
    }

    /// A decoding error in a sentence: the JSON path and what was wrong there.
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        switch error {
        case .dataCorrupted(let context): return "not valid JSON (\(context.debugDescription))"
        case .keyNotFound(let key, let context): return "'\(key.stringValue)' missing at \(location(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(context.debugDescription) at \(location(context))"
        @unknown default: return String(describing: error)
        }
    }

    private static func location(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? "the top level" : path
    }
}
