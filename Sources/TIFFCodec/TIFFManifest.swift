import CTIFF
import ImageInput

/// A sheet's manifest inside a TIFF: the first directory's ImageDescription (270), which
/// `TIFFWriter.finish(description:)` sets once the manifest is final. Other tools show it
/// as the image's description.
package enum TIFFManifest {
    /// How pinboard's manifest JSON starts, which tells it from another tool's description.
    static let prefix = "{\"version\":"

    /// The manifest's JSON in the TIFF at `path`; nil when its description is absent or
    /// is not pinboard's.
    ///
    /// - Throws: `ImageError` when the file cannot be read or its first directory cannot.
    package static func text(path: String) throws(ImageError) -> String? {
        let file = try FileBytes.open(path: path)
        // Only the directory is read, so no pixel limit applies.
        let handle = try TIFFHandle(
            source: file, path: path, limits: DecodeLimits(maxPixels: .max), fileDescriptor: file.fileDescriptor)
        guard let text = ctiff_reader_image_description(handle.reader).map({ String(cString: $0) }),
              text.hasPrefix(prefix) else { return nil }
        return text
    }
}
