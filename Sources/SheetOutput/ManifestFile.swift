import Foundation
import ImageInput
import PinboardIO
import SheetManifest

/// Writes a manifest's JSON, atomically like the sheet, or to an open descriptor.
public enum ManifestFile {
    public static func write(_ manifest: Manifest, to path: String) throws(WriteError) {
        try TextOutput.write(manifest.jsonText() + "\n", to: path)
    }

    public static func write(_ manifest: Manifest, toFileDescriptor fd: Int32, name: String) throws(WriteError) {
        try TextOutput.write(manifest.jsonText() + "\n", toFileDescriptor: fd, name: name)
    }

    /// The text of the manifest file at `manifest`, beside or inside a pyramid; nil when
    /// there is none.
    ///
    /// - Throws: `ImageError` naming the path when it exists but cannot be read, or holds
    ///   more than `limit` bytes (`ManifestFileFailure.tooLong`; read no further than that).
    public static func text(at manifest: String, limit: Int = ManifestChunk.totalLimit) throws(ImageError) -> String? {
        let fd = open(manifest, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw ImageError(path: manifest, reason: .cannotOpen(errno: errno))
        }
        defer { close(fd) }
        do {
            return String(decoding: try DescriptorInput.readAll(fd, limit: limit), as: UTF8.self)
        } catch {
            switch error {
            case .readFailed(let code): throw ImageError(path: manifest, reason: .readFailed(errno: code))
            case .tooLong(let bytes): throw ImageError(path: manifest, reason: .format(ManifestFileFailure.tooLong(bytes: bytes, limit: limit)))
            }
        }
    }
}
