#if canImport(Glibc)
import SheetManifest
import Glibc
import ImageInput
#endif
import PNGCodec

/// The SHA-256 of a whole source file, for the manifest's record of what each
/// tile was made from.
enum FileDigest {
    /// Large enough that the system call costs nothing beside the hashing, small
    /// enough to stay in the L2 cache between the read and the hash.
    static let chunkSize = 1 << 20

    /// The SHA-256 of the whole file behind `fd` as 64 lowercase hex digits.
    ///
    /// Reads with `pread` from offset 0 in 1 MiB chunks, so the descriptor's own
    /// offset is left where a decoder may expect it; a read cut by a signal is retried.
    ///
    /// - Parameters:
    ///   - fd: An open, readable descriptor; it is not closed.
    ///   - path: The file's path as the user gave it, for the failure's message.
    /// - Returns: The digest, or a failure naming `path` and the system's reason.
    static func sha256(fileDescriptor fd: Int32, path: String) -> Result<String, Manifest.SkippedSource> {
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 64)
        defer { chunk.deallocate() }
        var digest = SHA256()
        var offset: off_t = 0
        while true {
            let count = pread(fd, chunk.baseAddress, chunk.count, offset)
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                return .failure(Manifest.SkippedSource(source: path, reason: .image(.readFailed(errno: code))))
            }
            if count == 0 { return .success(digest.finalize()) }
            digest.update(UnsafeRawBufferPointer(rebasing: chunk[..<count]))
            offset += off_t(count)
        }
    }
}
