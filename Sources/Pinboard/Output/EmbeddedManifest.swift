import Foundation
import ImageFormats
import ImageInput
import Layout
import SheetManifest
import SheetOutput

/// Reads back the manifest a sheet carries, without decoding a pixel. The sheet's format is
/// told by the output registry: a pyramid by its path, a file by its content as
/// `ImageRegistry.pinboard` recognises it; the format's kind then reads the manifest the way
/// it carries one (`OutputKind.manifestText(path:)`). An image of a format pinboard reads but
/// does not write (GIF, HEIC) carries none.
public enum EmbeddedManifest {
    /// The manifest's JSON exactly as embedded in the sheet at `path`.
    ///
    /// - Throws: `PinboardError.unreadableSheet` when the file is no image pinboard reads or
    ///   cannot be read, `.noManifest` when it carries none, `.badManifest` when the
    ///   manifest's container is damaged or holds more than `ManifestChunk.totalLimit` bytes.
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
    /// when it carries none, or is an image of a format pinboard does not write.
    private static func embeddedText(ofSheet path: String) throws(PinboardError) -> String? {
        guard let format = try outputFormat(ofSheet: path) else { return nil }
        do {
            return try format.manifestText(path: path)
        } catch {
            // The file the error names: the sheet itself, or a pyramid's manifest file.
            if case .format = error.reason { throw .badManifest(path: error.path, reason: .container(error.reason)) }
            throw .unreadableSheet(path: error.path, reason: .image(error.reason))
        }
    }

    /// The format pinboard wrote the sheet at `path` in: a pyramid's told by its path (a
    /// `.dzi`, a IIIF tree's folder), a file's by its first bytes through the input registry;
    /// nil for an image of a format pinboard reads but does not write.
    ///
    /// - Throws: `PinboardError.unreadableSheet` when the file cannot be opened or read, or
    ///   is no image pinboard reads (the registry's reason says what it is, if it knows).
    private static func outputFormat(ofSheet path: String) throws(PinboardError) -> SheetFormat? {
        if let pyramid = OutputRegistry.pinboard.format(recognisingPath: path) { return pyramid }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadableSheet(path: path, reason: .image(.cannotOpen(errno: errno))) }
        defer { close(fd) }
        do {
            let input = try ImageRegistry.pinboard.format(of: FileBytes(fileDescriptor: fd), path: path)
            return OutputRegistry.pinboard.format(readBy: input)
        } catch {
            throw .unreadableSheet(path: error.path, reason: .image(error.reason))
        }
    }

    private static func decode(_ text: String, path: String) throws(PinboardError) -> Manifest {
        do {
            return try JSONDecoder().decode(Manifest.self, from: Data(text.utf8))
        } catch {
            throw .badManifest(path: path, reason: problem(error))
        }
    }

    /// A decoding error as the problem it shows: the JSON path and what was wrong there.
    private static func problem(_ error: any Error) -> ManifestProblem {
        guard let error = error as? DecodingError else { return .notJSON(detail: String(describing: error)) }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty: return .notJSON(detail: context.debugDescription)
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            return .wrongValue(detail: context.debugDescription, at: location(context))
        case .keyNotFound(let key, let context): return .missingMember(key.stringValue, at: location(context))
        @unknown default: return .notJSON(detail: String(describing: error))
        }
    }

    private static func location(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? "the top level" : path
    }
}
