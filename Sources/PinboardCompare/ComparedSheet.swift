import ImageFormats
import ImageInput
import Layout
import PNGCodec
import Pinboard
import SheetManifest
import SheetOutput

/// One side of a sheet comparison: a PNG file, or a sheet composed in memory.
public enum ComparedSheet: Sendable {
    case file(String)
    case composed(ComposedSheet)

    /// What errors and reports call it.
    var name: String {
        switch self {
        case .file(let path): path
        case .composed: "<memory>"
        }
    }

    /// The manifest it carries: embedded in the file, or the composed sheet's own.
    func manifest() throws(CompareError) -> Manifest? {
        switch self {
        case .file(let path):
            do {
                return try EmbeddedManifest.read(sheet: path)
            } catch {
                throw .sheet(error)
            }
        case .composed(let sheet):
            return sheet.manifest
        }
    }

    /// Starts reading its pixels, top to bottom, as straight RGBA rows.
    ///
    /// Sheets are streamed, never held whole, so the decode limit is lifted: a comparison
    /// of two 600-megapixel sheets needs a few bands of each.
    func rows() throws(CompareError) -> any ImageRowReader {
        switch self {
        case .file(let path):
            do throws(ImageError) {
                let limits = DecodeLimits(maxPixels: 1 << 40)
                let registry = ImageRegistry.pinboard
                return try registry.openRows(path: path, info: registry.probe(path: path, limits: limits), limits: limits)
            } catch {
                throw .sheet(.unreadableSheet(path: path, reason: .image(error.reason)))
            }
        case .composed(let sheet):
            return ComposedSheetRows(sheet)
        }
    }
}
