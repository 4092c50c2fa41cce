#if canImport(Glibc)
import Glibc
#endif

/// An open file read by offset with `pread`, so its offset stays where its owner left it:
/// every format's probe reads through it, from the one descriptor the registry opened.
package struct FileBytes: ByteSource, Sendable {
    package let fileDescriptor: Int32

    package init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Opens the file at `path` for reading; the caller closes it, or hands it to a
    /// reader with `handOver`.
    package static func open(path: String) throws(ImageError) -> FileBytes {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw ImageError(path: path, reason: .cannotOpen(errno: errno)) }
        return FileBytes(fileDescriptor: fd)
    }

    /// Runs `body`, which sets up a reader that keeps this descriptor, and closes the
    /// descriptor if it throws: the reader owns the file only once it exists.
    package func handOver<T>(_ body: (FileBytes) throws(ImageError) -> T) throws(ImageError) -> T {
        do {
            return try body(self)
        } catch {
            close(fileDescriptor)
            throw error
        }
    }

    /// Up to `count` bytes starting at `offset`; fewer only where the file ends. A read cut
    /// by a signal is retried; a directory opened by mistake says so.
    ///
    /// The buffer is sized by what the file holds past `offset`, not by `count`: a count
    /// taken from a damaged header (a PNG chunk claiming 1.4 GiB in a 1 KiB file, found
    /// by `scripts/fuzz FuzzEmbeddedManifest`) must not allocate what it claims.
    package func read(at offset: Int, count: Int) throws(ImageError.Reason) -> [UInt8] {
        var status = stat()
        let isRegular = fstat(fileDescriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        let wanted = isRegular ? min(count, max(0, Int(status.st_size) - offset)) : count
        var bytes = [UInt8](repeating: 0, count: wanted)
        var filled = 0
        while filled < wanted {
            let got = bytes.withUnsafeMutableBytes { buffer in
                pread(fileDescriptor, buffer.baseAddress.map { $0 + filled }, wanted - filled, off_t(offset + filled))
            }
            if got < 0 {
                if errno == EINTR { continue }
                let code = errno
                throw code == EISDIR ? .isDirectory : .readFailed(errno: code)
            }
            if got == 0 { break }
            filled += got
        }
        if filled < wanted { bytes.removeLast(wanted - filled) }
        return bytes
    }
}
