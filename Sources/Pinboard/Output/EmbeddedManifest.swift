import Foundation
import Layout
import PNGCodec
import SheetManifest
import SheetOutput

/// Reads back the manifest a sheet carries inside its PNG (`ManifestChunk`, written by the
/// PNG sink), by walking the chunk headers, without decoding a pixel: the text of every
/// chunk with the manifest's keyword, joined in file order.
public enum EmbeddedManifest {
    /// The manifest's JSON exactly as embedded in the sheet at `path`.
    ///
    /// - Throws: `PinboardError.unreadableSheet` when the file is not a readable PNG,
    ///   `.noManifest` when it carries none, `.badManifest` when a chunk is damaged or the
    ///   chunks hold more than `ManifestChunk.totalLimit` bytes.
    public static func text(ofSheet path: String) throws(PinboardError) -> String {
        guard let text = try chunk(ofSheet: path) else { throw .noManifest(path: path) }
        _ = try decode(text, path: path)
        return text
    }

    /// The manifest of the sheet at `path`, or nil when it carries none.
    public static func read(sheet path: String) throws(PinboardError) -> Manifest? {
        try chunk(ofSheet: path).map { text throws(PinboardError) in try decode(text, path: path) }
    }

    private static func chunk(ofSheet path: String) throws(PinboardError) -> String? {
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
