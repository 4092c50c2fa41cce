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
        // Told by its size before a byte is read, and bounded while reading too: a file
        // that grows, or is no regular file, has no size to trust.
        var status = stat()
        if fstat(fd, &status) == 0, Int(status.st_size) > limit {
            throw ImageError(path: manifest, reason: .format(ManifestFileFailure.tooLong(bytes: Int(status.st_size), limit: limit)))
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 { throw ImageError(path: manifest, reason: .readFailed(errno: errno)) }
            if count == 0 { break }
            if bytes.count + count > limit {
                throw ImageError(path: manifest, reason: .format(ManifestFileFailure.tooLong(bytes: bytes.count + count, limit: limit)))
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
