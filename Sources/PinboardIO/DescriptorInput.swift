import Foundation

/// The bytes of an open descriptor read to its end: the one loop over interrupts and the
/// one bound on how much is held, for the small files pinboard reads whole (a pyramid's
/// manifest, a `--files-from` list).
package enum DescriptorInput {
    /// Why a whole read stopped.
    package enum Failure: Error, Equatable {
        /// A read failed with this `errno`.
        case readFailed(errno: Int32)
        /// The file holds at least `bytes`, more than the `limit` asked for.
        case tooLong(bytes: Int)

        /// The failure as an `errno`, for messages that quote the system's words:
        /// too long is `EFBIG`, "File too large".
        package var code: Int32 {
            switch self {
            case .readFailed(let code): code
            case .tooLong: EFBIG
            }
        }
    }

    /// Everything `fd` holds from where it stands, resuming after `EINTR`.
    ///
    /// A regular file longer than `limit` is refused by its size before a byte is read;
    /// and the read stops as soon as more than `limit` bytes have come, since a file that
    /// grows, or a pipe, has no size to trust.
    package static func readAll(_ fd: Int32, limit: Int = .max) throws(Failure) -> [UInt8] {
        var status = stat()
        if fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) > limit {
            throw .tooLong(bytes: Int(status.st_size))
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .readFailed(errno: errno)
            }
            if count == 0 { return bytes }
            if bytes.count + count > limit { throw .tooLong(bytes: bytes.count + count) }
            bytes += chunk[..<count]
        }
    }
}
